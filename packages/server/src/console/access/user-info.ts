import type { TUserInfo } from '@edp/shared/contracts/login';
import { userFlags } from '@edp/shared/permissions';
import type { Actor } from './actor.ts';

/** User info of docs/product.md §3: the flags follow from the duties the user holds right now. */
export function userInfoOf(actor: Actor): TUserInfo {
  const { user } = actor;
  return {
    id: user.id,
    account: user.account,
    fullName: user.name,
    email: user.email,
    phone: user.phone,
    tenantId: actor.tenantId,
    roleId: actor.roleId,
    roleName: actor.roleName,
    roleKey: actor.roleKey,
    userType: actor.userType,
    permission: actor.permission,
    menus: actor.menus,
    ...userFlags(actor.menus, user.adminTag),
    proxies: actor.proxies,
  };
}
