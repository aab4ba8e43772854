import type { AppRoute } from './route-types.ts';

/**
 * Management console routes, all under /admin. The console engineer adds pages here; entries
 * with `menu` appear in the admin layout's menu (later filtered by the role menu).
 */
export const adminRoutes: AppRoute[] = [
  {
    path: '/admin/login',
    name: 'adminLogin',
    access: 'adminLogin',
    layout: 'public',
    page: () => import('../../features/admin-auth/pages/admin-login-page.tsx'),
  },
  {
    path: '/admin',
    name: 'adminHome',
    access: 'admin',
    layout: 'admin',
    page: () => import('../../features/admin-home/pages/admin-home-page.tsx'),
    menu: { icon: 'dashboard', order: 10 },
  },
];
