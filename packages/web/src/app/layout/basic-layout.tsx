import { useEffect, useState, type ReactNode } from 'react';
import { Drawer, Layout } from 'antd';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MENU_WIDTH, MENU_WIDTH_COLLAPSED } from '@edp/shared/constants';
import { addLazyNamespace } from '../../locales/i18n.ts';
import zh from '../../locales/zh-CN/layout.lazy.ts';
import en from '../../locales/en-US/layout.lazy.ts';
import { useAreaNames } from '../shell/use-area-names.ts';
import { HeaderBar } from './header-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { useAutoCollapse } from './use-auto-collapse.ts';
import { usePhone } from './use-phone.ts';
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
 * The menu's top: says what the tab's title says (the console's tenant, the vendor's side…).
 * A component of its own: the tenant's names arrive after the first paint, and their answer
 * re-renders only this, not the whole shell (one long task on a slow phone).
 */
function MenuBrand({ homePath, wide }: { homePath: string; wide: boolean }) {
  const { short: brand } = useAreaNames();
  return (
    <Link to={homePath} className="brand brand--sider" aria-label={brand}>
      <img src="/icon.svg" alt="" width={28} height={28} />
      {wide && <span className="brand__name">{brand}</span>}
    </Link>
  );
}

/**
 * The signed-in shell shared by the portal, the management console and the vendor side:
 * collapsible left menu (230 / 80 px) and header. Each side passes its own menu and user actions.
 * Below 768 px (usePhone) the menu is a drawer over the content, closed until the header's
 * toggle opens it and closed again when a page opens: the content keeps the phone's width.
 */
export function BasicLayout({ menu, homePath, account, userActions, children }: BasicLayoutProps) {
  const { t } = useTranslation('layout');
  const { t: tc } = useTranslation('common');
  const [collapsed, setCollapsed] = useAutoCollapse();
  const phone = usePhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The drawer exists from its first opening on: closed, it would still make antd generate its
  // styles on a phone's first paint (Lighthouse). Nothing refers to it before (aria-controls is
  // set only while the menu shows).
  const [drawerUsed, setDrawerUsed] = useState(false);
  if (drawerOpen && !drawerUsed) setDrawerUsed(true);
  const { pathname } = useLocation();
  // A page opened from the drawer (or anywhere) closes it; so does widening the window.
  useEffect(() => setDrawerOpen(false), [pathname, phone]);
  const menuPanel = (wide: boolean) => (
    <>
      <MenuBrand homePath={homePath} wide={wide} />
      <nav id="side-menu" aria-label={t('mainNav')}>
        <SideMenu entries={menu} />
      </nav>
    </>
  );
  return (
    <Layout className="basic-layout">
      <a className="skip-link" href="#main">
        {tc('skipToContent')}
      </a>
      {phone ? (
        drawerUsed && (
          <Drawer
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            placement="left"
            size={MENU_WIDTH}
            closable={false}
            aria-label={t('mainNav')}
            className="basic-layout__drawer"
          >
            {menuPanel(true)}
          </Drawer>
        )
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={MENU_WIDTH}
          collapsedWidth={MENU_WIDTH_COLLAPSED}
          className="basic-layout__sider"
        >
          {menuPanel(!collapsed)}
        </Layout.Sider>
      )}
      <Layout className="basic-layout__main">
        <HeaderBar
          collapsed={phone ? !drawerOpen : collapsed}
          menuShown={!phone || drawerOpen}
          onToggle={() => (phone ? setDrawerOpen(!drawerOpen) : setCollapsed(!collapsed))}
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
