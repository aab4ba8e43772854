import type { ReactNode } from 'react';
import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider } from 'antd';
// The es/ builds: antd/locale/* re-export the CommonJS lib/ files, which would not tree-shake.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../locales/i18n.ts';
import { queryClient as appClient } from '../lib/query-client.ts';
import { HttpBridge } from './http-bridge.tsx';
import { theme } from './theme.ts';

const antdLocale = (language: string) => (language === 'en-US' ? enUS : zhCN);

/**
 * antd's theme and locale. antd's component CSS comes from the build in the cascade layer
 * `antd` (build/antd-static-styles.ts), so that our own CSS, outside any layer, always wins.
 * The theme's CSS variables are made at build too (build/antd-theme-tokens.ts); antd adds
 * styles at run time only for another theme (the reduced-motion one, a nested ConfigProvider)
 * and in the unit tests, which run without the build's plugins. The StyleProvider puts them
 * into the same layer, and into the body: at the head's start, where antd would put them,
 * they would name the layer `antd` before index.html orders the layers. `iconPrefixCls`, antd's
 * default, is given so that the icons leave their reset to antd instead of adding an unlayered
 * copy.
 */
function AntdProvider({ language, children }: { language: string; children: ReactNode }) {
  return (
    <StyleProvider layer container={typeof document === 'undefined' ? undefined : document.body}>
      <ConfigProvider theme={theme} locale={antdLocale(language)} iconPrefixCls="anticon">
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

// Static antd feedback (message, rendered outside the tree) gets the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => <AntdProvider language={i18n.language}>{children}</AntdProvider>,
});

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Query cache, antd theme and locale (following i18next), the HTTP client's toasts. */
export function AppProviders({ children, queryClient = appClient }: AppProvidersProps) {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return (
    <QueryClientProvider client={queryClient}>
      <AntdProvider language={language}>
        <HttpBridge />
        {children}
      </AntdProvider>
    </QueryClientProvider>
  );
}
