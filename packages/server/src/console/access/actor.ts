import type { BuiltInRoleKey } from '@edp/shared/built-in-roles';
import {
  roleMenus,
  type MenuMode,
  type RoleGrant,
  type RolePermission,
  type RoleUserType,
} from '@edp/shared/permissions';
import type { Db } from '../../platform/db/index.ts';
import { proxyReadModel } from '../store/index.ts';
import { proxyNextEdge, proxyOpen } from './proxy-window.ts';
import { roleReadModel } from '../store/index.ts';
import { userReadModel, type UserRow } from '../store/index.ts';

/** A signed-in console user with everything their permissions follow from. */
export interface Actor {
  user: UserRow;
  userId: string;
  tenantId: string;
  account: string;
  roleId: string | null;
  roleName: string;
  /** The own role's key when built in (shown by it in the reader's language). */
  roleKey: BuiltInRoleKey | null;
  userType: RoleUserType;
  permission: RolePermission | null;
  /** Own role's menus plus those of roles proxied right now. */
  menus: MenuMode[];
  grants: RoleGrant[];
  /** Groups the user's roles are tied to; null when any of them sees every group. */
  scopeGroupIds: string[] | null;
  proxies: {
    roleId: string;
    roleName: string;
    roleKey: BuiltInRoleKey | null;
    startAt: string;
    endAt: string;
  }[];
  /** When a proxy window of the user next opens or closes (ms), or null: the actor is valid till then. */
  changesAt: number | null;
}

/** Who made a call: the actor, the source address and the call, for permission and audit. */
export interface Caller {
  actor: Actor;
  ip: string;
  call: string;
  /** Set once the call's outcome is in the audit log, so it is not written twice. */
  audited: boolean;
  /** Set once the call's input passed its checks and its handler began (it may change data). */
  ran: boolean;
}

/**
 * Loads the actor of a console session. Undefined when the user is gone, not normal, or the
 * tenant is deactivated — the session then counts as expired.
 */
export async function loadActor(
  db: Db,
  userId: string,
  tenantId: string,
  now: Date,
): Promise<Actor | undefined> {
  const row = await userReadModel(db).findWithRole(tenantId, userId);
  if (!row || row.user.status !== 'normal' || row.tenantStatus !== 'active') return undefined;

  const proxies = await proxyReadModel(db).currentAndComingRoles(userId, now);
  const proxied = proxies.filter((p) => proxyOpen(p, now.getTime()));
  const edges = proxies.map((p) => proxyNextEdge(p, now.getTime()));
  const roles = [...(row.role ? [row.role] : []), ...proxied.map((p) => p.role)];
  const grants: RoleGrant[] = roles.map((r) => ({
    menus: roleMenus(r.userType, r.menu),
    permission: r.permission,
  }));
  const groupsByRole = await roleReadModel(db).groupIdsOf(roles.map((r) => r.id));
  // A super or system-administrator role, or any role without groups, sees every group.
  const unscoped = roles.some((r) => r.userType !== 3 || !groupsByRole.get(r.id)?.length);
  const scopeGroupIds = unscoped
    ? null
    : [...new Set(roles.flatMap((r) => groupsByRole.get(r.id)!))];

  return {
    user: row.user,
    userId,
    tenantId,
    account: row.user.account,
    roleId: row.role?.id ?? null,
    roleName: row.role?.name ?? '',
    roleKey: row.role?.builtInKey ?? null,
    userType: row.role?.userType ?? 3,
    permission: row.role?.permission ?? null,
    menus: [...new Set(grants.flatMap((g) => g.menus))],
    grants,
    scopeGroupIds: roles.length === 0 ? [] : scopeGroupIds,
    proxies: proxied.map((p) => ({
      roleId: p.role.id,
      roleName: p.role.name,
      roleKey: p.role.builtInKey,
      startAt: p.startAt.toISOString(),
      endAt: p.endAt.toISOString(),
    })),
    changesAt: edges.length ? Math.min(...edges) : null,
  };
}
