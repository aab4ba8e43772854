/**
 * Every call of the API, by name: the server registers exactly these routes, and the
 * permission-matrix and route tests walk this table. docs/architecture.md explains how to add one.
 */
import * as ack from './console/ack.calls.ts';
import * as audit from './console/audit.calls.ts';
import * as devices from './console/devices.calls.ts';
import * as agent from './engine/agent.calls.ts';
import * as groups from './console/groups.calls.ts';
import * as installers from './console/installers.calls.ts';
import * as keys from './console/keys.calls.ts';
import * as consoleLicences from './console/licences.calls.ts';
import * as login from './console/login.calls.ts';
import * as logs from './console/logs.calls.ts';
import * as overview from './console/overview.calls.ts';
import * as notify from './console/notify.calls.ts';
import * as profile from './console/profile.calls.ts';
import * as proxies from './console/proxies.calls.ts';
import * as reports from './console/reports.calls.ts';
import * as roles from './console/roles.calls.ts';
import * as setup from './console/setup.calls.ts';
import * as sync from './console/sync.calls.ts';
import * as tasks from './console/tasks.calls.ts';
import * as users from './console/users.calls.ts';
import * as platform from './platform.calls.ts';
import * as account from './portal/account.calls.ts';
import * as balance from './portal/balance.calls.ts';
import * as comDevices from './portal/devices.calls.ts';
import * as customers from './portal/customers.calls.ts';
import * as versions from './portal/versions.calls.ts';
import * as licences from './portal/licences.calls.ts';
import * as tenants from './portal/tenants.calls.ts';
import * as supportRequests from './portal/requests.calls.ts';
import * as vendor from './portal/vendor.calls.ts';
import type { Call } from './define.ts';

/** The declaration files by context; a name must be unique across all of them (tested). */
export const CALL_MODULES = {
  platform,
  'portal/account': account,
  'portal/licences': licences,
  'portal/devices': comDevices,
  'portal/balance': balance,
  'portal/vendor': vendor,
  'portal/tenants': tenants,
  'portal/customers': customers,
  'portal/versions': versions,
  'portal/requests': supportRequests,
  'console/login': login,
  'console/setup': setup,
  'console/profile': profile,
  'console/users': users,
  'console/roles': roles,
  'console/groups': groups,
  'console/proxies': proxies,
  'console/audit': audit,
  'console/devices': devices,
  'console/installers': installers,
  'console/tasks': tasks,
  'console/sync': sync,
  'console/licences': consoleLicences,
  'console/logs': logs,
  'console/overview': overview,
  'console/notify': notify,
  'engine/agent': agent,
  'console/ack': ack,
  'console/reports': reports,
  'console/keys': keys,
} as const;

export const CALLS = {
  ...platform,
  ...account,
  ...licences,
  ...comDevices,
  ...balance,
  ...vendor,
  ...tenants,
  ...customers,
  ...versions,
  ...supportRequests,
  ...login,
  ...setup,
  ...profile,
  ...users,
  ...roles,
  ...groups,
  ...proxies,
  ...audit,
  ...devices,
  ...installers,
  ...tasks,
  ...sync,
  ...consoleLicences,
  ...logs,
  ...overview,
  ...notify,
  ...agent,
  ...ack,
  ...reports,
  ...keys,
} satisfies Record<string, Call>;

export type CallName = keyof typeof CALLS;

const byPath = new Map(Object.values(CALLS as Record<string, Call>).map((c) => [c.path, c]));

/**
 * The call a path names: an audit entry's action is the path of the call that made it, and
 * reads as that call's label. Undefined for a call since removed.
 */
export const callAt = (path: string): Call | undefined => byPath.get(path);
