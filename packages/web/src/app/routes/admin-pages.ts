/** The console's page modules, loaded on demand (see admin-routes.ts). */
export const adminPages = {
  login: () => import('../../features/admin-auth/pages/admin-login-page.tsx'),
  autoLogin: () => import('../../features/admin-auth/pages/admin-auto-login-page.tsx'),
  setup: () => import('../../features/admin-setup/pages/admin-setup-page.tsx'),
  home: () => import('../../features/admin-home/pages/admin-home-page.tsx'),
  users: () => import('../../features/admin-users/pages/admin-users-page.tsx'),
  roles: () => import('../../features/admin-roles/pages/admin-roles-page.tsx'),
  groups: () => import('../../features/admin-groups/pages/admin-groups-page.tsx'),
  proxies: () => import('../../features/admin-proxies/pages/admin-proxies-page.tsx'),
  loginSettings: () => import('../../features/admin-settings/pages/admin-login-settings-page.tsx'),
  devices: () => import('../../features/admin-devices/pages/admin-devices-page.tsx'),
  deviceDetail: () => import('../../features/admin-devices/pages/admin-device-detail-page.tsx'),
  installers: () => import('../../features/admin-installers/pages/admin-installers-page.tsx'),
  tasks: () => import('../../features/admin-devices/pages/admin-tasks-page.tsx'),
  keys: () => import('../../features/admin-keys/pages/admin-keys-page.tsx'),
  audit: () => import('../../features/admin-audit/pages/admin-audit-page.tsx'),
};

export type AdminPage = keyof typeof adminPages;
