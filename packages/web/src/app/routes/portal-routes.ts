import type { AppRoute } from './route-types.ts';

/**
 * Customer portal routes (docs/product.md §2). To add a page: create it under
 * features/<area>/pages/, add its name to locales/{zh-CN,en-US}/menu.ts, and add an entry here
 * (with `menu` to show it in the left menu).
 */
export const portalRoutes: AppRoute[] = [
  {
    path: '/',
    name: 'home',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/home/pages/home-page.tsx'),
  },
  {
    path: '/login',
    name: 'login',
    access: 'login',
    layout: 'public',
    page: () => import('../../features/auth/pages/login-page.tsx'),
  },
  {
    path: '/register',
    name: 'register',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/auth/pages/register-page.tsx'),
  },
  {
    path: '/retrieve',
    name: 'retrieve',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/auth/pages/retrieve-page.tsx'),
  },
  {
    path: '/app-register',
    name: 'appRegister',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/static/pages/app-register-page.tsx'),
  },
  {
    path: '/app-privacy',
    name: 'appPrivacy',
    access: 'public',
    layout: 'public',
    page: () => import('../../features/static/pages/app-privacy-page.tsx'),
  },
  {
    path: '/myauth',
    name: 'myauth',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/licence/pages/myauth-page.tsx'),
    menu: { icon: 'licence', order: 10 },
  },
  {
    path: '/device',
    name: 'device',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/device/pages/device-page.tsx'),
    menu: { icon: 'engine', order: 20 },
  },
  {
    path: '/device/:deviceId',
    name: 'deviceDetail',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/device/pages/device-detail-page.tsx'),
  },
  {
    path: '/balance',
    name: 'balance',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/balance/pages/balance-page.tsx'),
    menu: { icon: 'balance', order: 30 },
  },
  {
    path: '/requests',
    name: 'myRequests',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/support-requests/pages/my-requests-page.tsx'),
    menu: { icon: 'task', order: 40 },
  },
  {
    path: '/recharge',
    name: 'recharge',
    access: 'company',
    layout: 'portal',
    page: () => import('../../features/balance/pages/recharge-page.tsx'),
  },
];
