import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_WIDTH, MENU_WIDTH_COLLAPSED } from '@edp/shared/constants';
import { addLazyNamespace } from '../../locales/i18n.ts';
import zh from '../../locales/zh-CN/layout.lazy.ts';
import en from '../../locales/en-US/layout.lazy.ts';
import { useAreaNames } from '../shell/use-area-names.ts';
import { HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { useAutoCollapse } from './use-auto-collapse.ts';
import type { MenuEntry } from './menu-entries.ts';
import type { UserAction } from './user-dropdown.tsx';
import './basic-layout.css';

addLazyNamespace('layout', { 'zh-CN': zh, 'en-US': en });

export interface BasicLayoutProps {
  /** Left menu entries (from the route table, see menu-entries.ts). */
  menu: readonly MenuEntry[];
  /** Where the logo leads. */
  homePath: string;
  /** Shown in the user dropdown (the account e-mail). */
  account: string | undefined;
  userActions: readonly UserAction[];
  children: ReactNode;
}

/**
 * The signed-in shell shared by the portal and the management console: collapsible left menu
 * (230 / 80 px) and header. Each side passes its own menu and user actions.
 */
export function BasicLayout({ menu, homePath, account, userActions, children }: BasicLayoutProps) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const [collapsed, setCollapsed] = useAutoCollapse();
  // The menu's top says what the tab's title says: the console's tenant, the vendor's side…
  const { short: brand } = useAreaNames();
  return (
    <Layout className="basic-layout">
      <a className="skip-link" href="#main">
        {tc('skipToContent')}
      </a>
      <Layout.Sider
        collapsible
        collapsed={collapsed}
        trigger={null}
        width={MENU_WIDTH}
        collapsedWidth={MENU_WIDTH_COLLAPSED}
        className="basic-layout__sider"
      >
        <Link to={homePath} className="brand brand--sider" aria-label={brand}>
          <img src="/icon.svg" alt="" width={28} height={28} />
          {!collapsed && <span className="brand__name">{brand}</span>}
        </Link>
        <nav id="side-menu" aria-label={t('mainNav')}>
          <SideMenu entries={menu} />
        </nav>
      </Layout.Sider>
      <Layout>
        <HeaderBar
          collapsed={collapsed}
          onToggle={() => setCollapsed(!collapsed)}
          account={account}
          userActions={userActions}
        />
        <Layout.Content id="main" tabIndex={-1} className="basic-layout__content">
          {children}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
