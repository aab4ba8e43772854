import type { ComponentType } from 'react';
import type { ConsolePageName } from '@edp/shared/api/console/pages';

type PageModule = () => Promise<{ default: ComponentType }>;

/**
 * The console's page modules by route name, loaded on demand (see admin-routes.ts); every page
 * of CONSOLE_PAGES must have one.
 */
export const adminPages = {
  adminLogin: () => import('../../features/admin-auth/pages/admin-login-page.tsx'),
  adminAutoLogin: () => import('../../features/admin-auth/pages/admin-auto-login-page.tsx'),
  adminSetup: () => import('../../features/admin-setup/pages/admin-setup-page.tsx'),
  adminUsers: () => import('../../features/admin-users/pages/admin-users-page.tsx'),
  adminRoles: () => import('../../features/admin-roles/pages/admin-roles-page.tsx'),
  adminGroups: () => import('../../features/admin-groups/pages/admin-groups-page.tsx'),
  adminProxies: () => import('../../features/admin-proxies/pages/admin-proxies-page.tsx'),
  adminLoginSettings: () =>
    import('../../features/admin-settings/pages/admin-login-settings-page.tsx'),
  adminLogSettings: () =>
    import('../../features/admin-log-settings/pages/admin-log-settings-page.tsx'),
  adminSmsSettings: () => import('../../features/admin-notify/pages/admin-sms-settings-page.tsx'),
  adminWarnSettings: () => import('../../features/admin-notify/pages/admin-warn-settings-page.tsx'),
  adminDevices: () => import('../../features/admin-devices/pages/admin-devices-page.tsx'),
  adminDeviceDetail: () =>
    import('../../features/admin-devices/pages/admin-device-detail-page.tsx'),
  adminInstallers: () => import('../../features/admin-installers/pages/admin-installers-page.tsx'),
  adminTasks: () => import('../../features/admin-tasks/pages/admin-tasks-page.tsx'),
  adminTaskDetail: () => import('../../features/admin-tasks/pages/admin-task-detail-page.tsx'),
  adminLicences: () => import('../../features/admin-licences/pages/admin-licences-page.tsx'),
  adminReports: () => import('../../features/admin-reports/pages/admin-reports-page.tsx'),
  adminKeys: () => import('../../features/admin-keys/pages/admin-keys-page.tsx'),
  adminAudit: () => import('../../features/admin-audit/pages/admin-audit-page.tsx'),
  adminElevationReview: () =>
    import('../../features/admin-elevation/pages/admin-elevation-review-page.tsx'),
  adminLearningReview: () =>
    import('../../features/admin-elevation/pages/admin-learning-review-page.tsx'),
  adminMonitorLog: () => import('../../features/admin-logs/pages/admin-monitor-log-page.tsx'),
  adminAccessLog: () => import('../../features/admin-logs/pages/admin-access-log-page.tsx'),
  adminAlerts: () => import('../../features/admin-logs/pages/admin-alerts-page.tsx'),
  adminLogRules: () => import('../../features/admin-logs/pages/admin-log-rules-page.tsx'),
  adminScreen: () => import('../../features/admin-screen/pages/admin-screen-page.tsx'),
} satisfies Record<ConsolePageName, PageModule> & Record<string, PageModule>;

export type AdminPage = keyof typeof adminPages;
