import { CONSOLE_PAGES } from '@edp/shared/api/console/pages';
import { prefetchDeviceList } from '../../features/admin-devices/api/get-device-list.ts';
import type { AppRoute } from './route-types.ts';
import type { AdminPage } from './admin-pages.ts';
import { ADMIN_ENTRY_PAGES, ADMIN_RECORD_PAGES } from '../../lib/admin-paths.ts';

/**
 * Pages load through one lazy module: the entry then holds one dependency list for the whole
 * console instead of one per page, which keeps /login's first load under its budget.
 */
const load = (page: AdminPage) => import('./admin-pages.ts').then((m) => m.adminPages[page]());

/** The console's pages whose first read starts beside their code (route-types.ts). */
const prefetches: Partial<Record<AdminPage, AppRoute['prefetch']>> = {
  adminDevices: prefetchDeviceList,
};

/** A route of the console's signed-in layout. */
const consoleRoute = (path: string, name: AdminPage, menu?: AppRoute['menu']): AppRoute => ({
  path,
  name,
  access: 'admin',
  layout: 'admin',
  page: () => load(name),
  prefetch: prefetches[name],
  menu,
});

/**
 * Management console routes, all under /admin. The pages a duty opens are declared once, in
 * CONSOLE_PAGES (@edp/shared/api/console/pages: path, name, icon, access), in menu order after
 * the home; the admin layout shows each menu entry to the users whose role menu modes open it
 * (app/layout/admin-menu.ts), and the home page links to the same.
 */
export const adminRoutes: AppRoute[] = [
  {
    path: ADMIN_ENTRY_PAGES.adminLogin,
    name: 'adminLogin',
    access: 'adminLogin',
    layout: 'public',
    page: () => load('adminLogin'),
  },
  {
    path: ADMIN_ENTRY_PAGES.adminAutoLogin,
    name: 'adminAutoLogin',
    access: 'public',
    layout: 'public',
    page: () => load('adminAutoLogin'),
  },
  {
    path: ADMIN_ENTRY_PAGES.adminSetup,
    name: 'adminSetup',
    access: 'public',
    layout: 'public',
    page: () => load('adminSetup'),
  },
  {
    path: ADMIN_ENTRY_PAGES.adminHome,
    name: 'adminHome',
    access: 'admin',
    layout: 'admin',
    // Not through admin-pages.ts: the router asks for the layout and the page at once, and the
    // console's first screen then loads its page beside the layout instead of a round trip later.
    page: () => import('../../features/admin-home/pages/admin-home-page.tsx'),
    menu: { icon: 'dashboard', order: 0 },
  },
  ...CONSOLE_PAGES.map((page, i) =>
    consoleRoute(page.path, page.name, { icon: page.icon, order: i + 1 }),
  ),
  consoleRoute(ADMIN_RECORD_PAGES.adminDeviceDetail, 'adminDeviceDetail'),
  consoleRoute(ADMIN_RECORD_PAGES.adminTaskDetail, 'adminTaskDetail'),
];
