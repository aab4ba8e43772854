import { consoleRead, type ConsoleAccess } from '../define.ts';
import { ackReviewList } from './ack.calls.ts';
import { auditLog } from './audit.calls.ts';
import { deviceList } from './devices.calls.ts';
import { groupList } from './groups.calls.ts';
import { installerList } from './installers.calls.ts';
import { tenantLicences } from './licences.calls.ts';
import { loginSettings } from './login.calls.ts';
import { accessLog, alertList, logRules, logSettings, monitorLog } from './logs.calls.ts';
import { overviewActivity } from './overview.calls.ts';
import { smsSettings, warnSettings } from './notify.calls.ts';
import { proxyList } from './proxies.calls.ts';
import { reportList } from './reports.calls.ts';
import { roleList } from './roles.calls.ts';
import { userList } from './users.calls.ts';

/** One console page a duty opens. */
export interface ConsolePage {
  /** The route's name: the web's key of the page's menu label and title (locales/…/menu.ts). */
  readonly name: string;
  readonly path: string;
  /** Its menu icon, a name of the web's app/layout/menu-icons.tsx. */
  readonly icon: string;
  /** The access of the call that loads the page: who opens it. */
  readonly access: ConsoleAccess;
}

/**
 * The console's /admin pages a duty opens, in menu order, each written only here: the web's
 * route table, menu and home page's links are made from this list (app/routes/admin-routes.ts),
 * and its menus and route guard read the same access the server checks (`opensFor`, define.ts).
 * The web's types check that each name has its texts, icon and page module. Data only: the web
 * build puts the evaluated list in place of this module (build/api-calls-plugin.ts), so the
 * browser loads the pages without the call modules they name.
 */
export const CONSOLE_PAGES = [
  { name: 'adminUsers', path: '/admin/users', icon: 'user', access: userList.access },
  { name: 'adminRoles', path: '/admin/roles', icon: 'role', access: roleList.access },
  { name: 'adminGroups', path: '/admin/groups', icon: 'group', access: groupList.access },
  { name: 'adminProxies', path: '/admin/proxies', icon: 'proxy', access: proxyList.access },
  {
    name: 'adminLoginSettings',
    path: '/admin/settings/login',
    icon: 'setting',
    access: loginSettings.access,
  },
  {
    name: 'adminLogRules',
    path: '/admin/settings/log-rules',
    icon: 'logRules',
    access: logRules.access,
  },
  {
    name: 'adminLogSettings',
    path: '/admin/settings/logs',
    icon: 'setting',
    access: logSettings.access,
  },
  {
    name: 'adminSmsSettings',
    path: '/admin/settings/sms',
    icon: 'sms',
    access: smsSettings.access,
  },
  {
    name: 'adminWarnSettings',
    path: '/admin/settings/warnings',
    icon: 'warning',
    access: warnSettings.access,
  },
  { name: 'adminDevices', path: '/admin/devices', icon: 'engine', access: deviceList.access },
  {
    name: 'adminInstallers',
    path: '/admin/installers',
    icon: 'package',
    access: installerList.access,
  },
  // No calls yet: the task and key issues bring them.
  { name: 'adminTasks', path: '/admin/tasks', icon: 'task', access: consoleRead('operate') },
  {
    name: 'adminLicences',
    path: '/admin/licences',
    icon: 'licence',
    access: tenantLicences.access,
  },
  {
    name: 'adminMonitorLog',
    path: '/admin/logs/monitor',
    icon: 'monitorLog',
    access: monitorLog.access,
  },
  {
    name: 'adminAccessLog',
    path: '/admin/logs/access',
    icon: 'accessLog',
    access: accessLog.access,
  },
  { name: 'adminAlerts', path: '/admin/alerts', icon: 'alert', access: alertList.access },
  // The big screen for a wall (docs/overview.md): the overview's figures, refreshed live.
  {
    name: 'adminScreen',
    path: '/admin/screen',
    icon: 'screen',
    access: overviewActivity.access,
  },
  { name: 'adminReports', path: '/admin/reports', icon: 'report', access: reportList.access },
  { name: 'adminKeys', path: '/admin/keys', icon: 'key', access: consoleRead('kss', 'audit') },
  { name: 'adminAudit', path: '/admin/audit', icon: 'audit', access: auditLog.access },
  {
    name: 'adminElevationReview',
    path: '/admin/review/elevation',
    icon: 'elevation',
    access: ackReviewList.access,
  },
  {
    name: 'adminLearningReview',
    path: '/admin/review/learning',
    icon: 'learning',
    access: ackReviewList.access,
  },
] as const satisfies readonly ConsolePage[];

export type ConsolePageName = (typeof CONSOLE_PAGES)[number]['name'];
