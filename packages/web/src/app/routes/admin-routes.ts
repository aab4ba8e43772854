import type { AppRoute } from './route-types.ts';
import type { AdminPage } from './admin-pages.ts';

/**
 * Pages load through one lazy module: the entry then holds one dependency list for the whole
 * console instead of one per page, which keeps /login's first load under its budget.
 */
const load = (page: AdminPage) => import('./admin-pages.ts').then((m) => m.adminPages[page]());

/**
 * Management console routes, all under /admin. Entries with `menu` appear in the admin
 * layout's menu when one of the user's role menu modes opens their path (MENU_ITEMS in
 * @edp/shared/permissions; see app/layout/admin-menu.ts).
 */
export const adminRoutes: AppRoute[] = [
  {
    path: '/admin/login',
    name: 'adminLogin',
    access: 'adminLogin',
    layout: 'public',
    page: () => load('login'),
  },
  {
    path: '/admin/auto-login',
    name: 'adminAutoLogin',
    access: 'public',
    layout: 'public',
    page: () => load('autoLogin'),
  },
  {
    path: '/admin/setup',
    name: 'adminSetup',
    access: 'public',
    layout: 'public',
    page: () => load('setup'),
  },
  {
    path: '/admin',
    name: 'adminHome',
    access: 'admin',
    layout: 'admin',
    // Not through admin-pages.ts: the router asks for the layout and the page at once, and the
    // console's first screen then loads its page beside the layout instead of a round trip later.
    page: () => import('../../features/admin-home/pages/admin-home-page.tsx'),
    menu: { icon: 'dashboard', order: 10 },
  },
  {
    path: '/admin/users',
    name: 'adminUsers',
    access: 'admin',
    layout: 'admin',
    page: () => load('users'),
    menu: { icon: 'user', order: 20 },
  },
  {
    path: '/admin/roles',
    name: 'adminRoles',
    access: 'admin',
    layout: 'admin',
    page: () => load('roles'),
    menu: { icon: 'role', order: 30 },
  },
  {
    path: '/admin/groups',
    name: 'adminGroups',
    access: 'admin',
    layout: 'admin',
    page: () => load('groups'),
    menu: { icon: 'group', order: 40 },
  },
  {
    path: '/admin/proxies',
    name: 'adminProxies',
    access: 'admin',
    layout: 'admin',
    page: () => load('proxies'),
    menu: { icon: 'proxy', order: 50 },
  },
  {
    path: '/admin/settings/login',
    name: 'adminLoginSettings',
    access: 'admin',
    layout: 'admin',
    page: () => load('loginSettings'),
    menu: { icon: 'setting', order: 60 },
  },
  {
    path: '/admin/devices',
    name: 'adminDevices',
    access: 'admin',
    layout: 'admin',
    page: () => load('devices'),
    menu: { icon: 'engine', order: 70 },
  },
  {
    path: '/admin/devices/:id',
    name: 'adminDeviceDetail',
    access: 'admin',
    layout: 'admin',
    page: () => load('deviceDetail'),
  },
  {
    path: '/admin/installers',
    name: 'adminInstallers',
    access: 'admin',
    layout: 'admin',
    page: () => load('installers'),
    menu: { icon: 'package', order: 75 },
  },
  {
    path: '/admin/tasks',
    name: 'adminTasks',
    access: 'admin',
    layout: 'admin',
    page: () => load('tasks'),
    menu: { icon: 'task', order: 80 },
  },
  {
    path: '/admin/keys',
    name: 'adminKeys',
    access: 'admin',
    layout: 'admin',
    page: () => load('keys'),
    menu: { icon: 'key', order: 90 },
  },
  {
    path: '/admin/audit',
    name: 'adminAudit',
    access: 'admin',
    layout: 'admin',
    page: () => load('audit'),
    menu: { icon: 'audit', order: 100 },
  },
];
