import type { AppRoute } from './route-types.ts';

/**
 * The vendor's super administrator screens under /sa (docs/architecture.md §1): first-run set-up,
 * login, and the signed-in vendor layout. Tenant management (/sa/ows…) joins the menu here
 * with orders between the existing ones.
 */
export const vendorRoutes: AppRoute[] = [
  {
    path: '/sa/init',
    name: 'saInit',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/vendor/pages/vendor-init-page.tsx'),
  },
  {
    path: '/sa/login',
    name: 'vendorLogin',
    access: 'vendorLogin',
    layout: 'public',
    page: () => import('../../features/vendor/pages/vendor-login-page.tsx'),
  },
  {
    path: '/sa',
    name: 'saPackages',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/vendor/pages/packages-page.tsx'),
    menu: { icon: 'package', order: 10 },
  },
  {
    path: '/sa/companies',
    name: 'saCompanies',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/vendor/pages/companies-page.tsx'),
    menu: { icon: 'company', order: 20 },
  },
];
