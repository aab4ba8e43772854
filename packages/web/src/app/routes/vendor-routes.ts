import type { AppRoute } from './route-types.ts';

/**
 * The vendor's super administrator screens under /sa (docs/architecture.md §1, docs/portal.md):
 * first-run set-up, login, and the signed-in vendor layout with packages, customers, product versions, the
 * console's tenants, the vendor's audit log and the system settings.
 */
export const vendorRoutes: AppRoute[] = [
  {
    path: '/sa/init',
    name: 'saInit',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/super-admin/pages/vendor-init-page.tsx'),
  },
  {
    path: '/sa/login',
    name: 'vendorLogin',
    access: 'vendorLogin',
    layout: 'public',
    page: () => import('../../features/super-admin/pages/vendor-login-page.tsx'),
  },
  {
    path: '/sa',
    name: 'saPackages',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/packages-page.tsx'),
    menu: { icon: 'package', order: 10 },
  },
  {
    path: '/sa/customers',
    name: 'saCustomers',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/customers-page.tsx'),
    menu: { icon: 'company', order: 20 },
  },
  {
    path: '/sa/customers/:id',
    name: 'saCustomer',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/customer-page.tsx'),
  },
  {
    path: '/sa/versions',
    name: 'saVersions',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/versions-page.tsx'),
    menu: { icon: 'package', order: 25 },
  },
  {
    path: '/sa/tenants',
    name: 'saTenants',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/tenants-page.tsx'),
    menu: { icon: 'tenant', order: 30 },
  },
  {
    path: '/sa/requests',
    name: 'saRequests',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/support-requests/pages/vendor-requests-page.tsx'),
    menu: { icon: 'task', order: 33 },
  },
  {
    path: '/sa/audit-log',
    name: 'saAudit',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/vendor-audit-page.tsx'),
    menu: { icon: 'audit', order: 35 },
  },
  {
    path: '/sa/settings',
    name: 'saSettings',
    access: 'vendor',
    layout: 'vendor',
    page: () => import('../../features/super-admin/pages/settings-page.tsx'),
    menu: { icon: 'setting', order: 40 },
  },
];
