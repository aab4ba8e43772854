/**
 * The management console's separation of duties (docs/product.md §6), shared by server and web: the
 * duties (role menu modes), permissions and the user-info flags. Which duty may make which call
 * is in each call's declaration (api/), the pages each duty opens in api/console/pages.ts;
 * docs/console.md explains the model.
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

/** What one role grants. */
export interface RoleGrant {
  menus: readonly MenuMode[];
  permission: RolePermission;
}

/** The menus a role opens: a super role (type 1) holds every duty, any other role its own. */
export function roleMenus(userType: RoleUserType, menu: MenuMode): MenuMode[] {
  return userType === 1 ? [...MENU_MODES] : [menu];
}

/** User-info flags of docs/product.md §3/§6, derived from the menus a user holds. */
export interface UserFlags {
  adminTag: boolean;
  sysAdmin: boolean;
  /** docs/product.md: "1 or higher"; 1 when the user holds the key duty. */
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
