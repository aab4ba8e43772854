/**
 * The management console's separation of duties (SPEC §6), shared by server and web:
 * which duty (role menu mode) may make which call, the menus each duty sees and the user-info
 * flags. docs/console.md explains the model; the permission-matrix test walks CONSOLE_CALLS.
 */

/** Role menu modes, one per duty: system administrator, security operator, password manager, auditor. */
export const MENU_MODES = ['system', 'operate', 'kss', 'audit'] as const;
export type MenuMode = (typeof MENU_MODES)[number];

/** Role permission: `read` (shown as read-only) allows only reads; `write` (writable) both. */
export const ROLE_PERMISSIONS = ['read', 'write'] as const;
export type RolePermission = (typeof ROLE_PERMISSIONS)[number];

/** Role-user type: 1 super (every duty), 2 system administrator, 3 any other role. */
export const ROLE_USER_TYPES = [1, 2, 3] as const;
export type RoleUserType = (typeof ROLE_USER_TYPES)[number];

export const USER_STATUSES = ['normal', 'disabled', 'deleted'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * Who may make a call: `self` calls every signed-in console user may make about themselves;
 * otherwise the duties that own the call, and whether it changes data (needs `write`).
 */
export type CallRule =
  { self: true } | { self?: false; duties: readonly MenuMode[]; write: boolean };

const self = { self: true } as const;
const read = (...duties: MenuMode[]) => ({ duties, write: false }) as const;
const write = (...duties: MenuMode[]) => ({ duties, write: true }) as const;

/** Every signed-in console call (path under /api) and who may make it. */
export const CONSOLE_CALLS = {
  '/login/gt': self,
  '/login/login/out': self,
  '/login/s/get-set': read('system'),
  '/login/s/set': write('system'),
  '/user/my/info': self,
  '/user/update/my-info': self,
  '/user/update/my-pwd': self,
  '/user/update/my-phone': self,
  '/user/ug/list': read('system'),
  '/user/add': write('system'),
  '/user/edit': write('system'),
  '/user/del': write('system'),
  '/user/recover': write('system'),
  '/user/real/del': write('system'),
  '/user/mv': write('system'),
  '/user/edit/pwd': write('system'),
  '/user/role/list': read('system'),
  '/user/role/add': write('system'),
  '/user/role/edit': write('system'),
  '/user/role/del': write('system'),
  // The security operator needs the group tree to manage devices by group.
  '/user/group/list': read('system', 'operate'),
  '/user/group/add': write('system'),
  '/user/group/edit': write('system'),
  '/user/group/del': write('system'),
  '/user/group/escrow': write('system'),
  '/user/group/escrow/del': write('system'),
  '/user/proxy/list': read('system'),
  '/user/proxy/add': write('system'),
  '/user/proxy/edit': write('system'),
  '/user/proxy/del': write('system'),
  '/owner/l/log': read('audit'),
  '/owner/dw/audit': read('audit'),
} as const satisfies Record<string, CallRule>;

export type ConsoleCall = keyof typeof CONSOLE_CALLS;

/** What one role grants. */
export interface RoleGrant {
  menus: readonly MenuMode[];
  permission: RolePermission;
}

/** The menus a role opens: a super role (type 1) holds every duty, any other role its own. */
export function roleMenus(userType: RoleUserType, menu: MenuMode): MenuMode[] {
  return userType === 1 ? [...MENU_MODES] : [menu];
}

/** True when any of `grants` (own role, plus proxied roles inside their window) allows the call. */
export function mayCall(grants: readonly RoleGrant[], call: ConsoleCall): boolean {
  const rule: CallRule = CONSOLE_CALLS[call];
  if (rule.self) return true;
  return grants.some(
    (g) =>
      g.menus.some((m) => rule.duties.includes(m)) && (!rule.write || g.permission === 'write'),
  );
}

/** Menu entries of each mode; the web builds its /admin menu from the signed-in user's modes. */
export const MENU_ITEMS: Record<MenuMode, readonly { key: string; path: string }[]> = {
  system: [
    { key: 'users', path: '/admin/users' },
    { key: 'roles', path: '/admin/roles' },
    { key: 'groups', path: '/admin/groups' },
    { key: 'proxies', path: '/admin/proxies' },
    { key: 'loginSettings', path: '/admin/settings/login' },
  ],
  operate: [
    { key: 'groups', path: '/admin/groups' },
    { key: 'devices', path: '/admin/devices' },
    { key: 'tasks', path: '/admin/tasks' },
  ],
  kss: [{ key: 'keys', path: '/admin/keys' }],
  audit: [{ key: 'auditLog', path: '/admin/audit' }],
};

/** User-info flags of SPEC §3/§6, derived from the menus a user holds. */
export interface UserFlags {
  adminTag: boolean;
  sysAdmin: boolean;
  /** SPEC: "1 or higher"; 1 when the user holds the key duty. */
  keyAdmin: number;
  logAdmin: boolean;
  mgrAdmin: boolean;
}

export function userFlags(menus: readonly MenuMode[], initialAdmin: boolean): UserFlags {
  return {
    adminTag: initialAdmin,
    sysAdmin: menus.includes('system'),
    keyAdmin: menus.includes('kss') ? 1 : 0,
    logAdmin: menus.includes('audit'),
    mgrAdmin: menus.includes('operate'),
  };
}
