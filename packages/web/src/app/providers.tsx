import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
// The es/ builds: antd/locale/* re-export the CommonJS lib/ files, which would not tree-shake.
import zhCN from 'antd/es/locale/zh_CN';
import enUS from 'antd/es/locale/en_US';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../locales/i18n.ts';
import { HttpBridge } from './http-bridge.tsx';
import { theme } from './theme.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    // The HTTP client already shows errors; one retry is enough for a flaky network.
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

const defaultClient = createQueryClient();

const antdLocale = (language: string) => (language === 'en-US' ? enUS : zhCN);

// Static antd feedback (message, rendered outside the tree) gets the same theme and locale.
ConfigProvider.config({
  holderRender: (children) => (
    <ConfigProvider theme={theme} locale={antdLocale(i18n.language)}>
      {children}
    </ConfigProvider>
  ),
});

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Query cache, antd theme and locale (following i18next), the HTTP client's toasts. */
export function AppProviders({ children, queryClient = defaultClient }: AppProvidersProps) {
  const { i18n: instance } = useTranslation();
  const language = instance.language;
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={theme} locale={antdLocale(language)}>
        <HttpBridge />
        {children}
      </ConfigProvider>
    </QueryClientProvider>
  );
}
