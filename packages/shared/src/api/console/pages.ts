import { consoleRead, dutiesOf, type ConsoleAccess } from '../define.ts';
import type { MenuMode } from '../../permissions.ts';
import { auditLog } from './audit.calls.ts';
import { deviceList } from './devices.calls.ts';
import { groupList } from './groups.calls.ts';
import { installerList } from './installers.calls.ts';
import { loginSettings } from './login.calls.ts';
import { proxyList } from './proxies.calls.ts';
import { roleList } from './roles.calls.ts';
import { userList } from './users.calls.ts';

/**
 * The console's /admin pages in menu order, each opened by the access of the call that loads
 * it: the menus, the route guard and the home page's links read the same access the server
 * checks.
 */
export const CONSOLE_PAGES: readonly { key: string; path: string; access: ConsoleAccess }[] = [
  { key: 'users', path: '/admin/users', access: userList.access },
  { key: 'roles', path: '/admin/roles', access: roleList.access },
  { key: 'groups', path: '/admin/groups', access: groupList.access },
  { key: 'proxies', path: '/admin/proxies', access: proxyList.access },
  { key: 'loginSettings', path: '/admin/settings/login', access: loginSettings.access },
  { key: 'devices', path: '/admin/devices', access: deviceList.access },
  { key: 'installers', path: '/admin/installers', access: installerList.access },
  // No calls yet: the task and key issues bring them.
  { key: 'tasks', path: '/admin/tasks', access: consoleRead('operate') },
  { key: 'keys', path: '/admin/keys', access: consoleRead('kss') },
  { key: 'auditLog', path: '/admin/audit', access: auditLog.access },
];

/** True when one of the role menu modes a user holds opens the page. */
export function pageOpensFor(page: { access: ConsoleAccess }, menus: readonly MenuMode[]): boolean {
  return menus.some((m) => dutiesOf(page.access).includes(m));
}
