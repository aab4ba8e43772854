import { and, count, eq, inArray, ne, or } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Db, consoleRoleGroups, consoleRoles } from '../../platform/db/index.ts';

/*
 * A read model of the roles module (console/roles owns `console_roles` and
 * `console_role_groups`): the reads of roles that the actor cache (access/), the audit writer
 * and reader, the tenants' list and the modules beside roles (users, groups, proxies) make.
 * Selects only.
 */

export type RoleRow = typeof consoleRoles.$inferSelect;
export type RoleInsert = typeof consoleRoles.$inferInsert;

/** `administersUsers` (admin-email.ts) as a condition on console_roles. */
export const administersUsersSql = or(
  ne(consoleRoles.userType, 3),
  and(eq(consoleRoles.menu, 'system'), eq(consoleRoles.permission, 'write')),
);

/**
 * Every role's id, name and built-in key, as a subquery a list joins on the role's id (the
 * users' and proxies' pages): `.leftJoin(roleNames, eq(roleNames.id, …))`.
 */
export const roleNames = new QueryBuilder()
  .select({ id: consoleRoles.id, name: consoleRoles.name, builtInKey: consoleRoles.builtInKey })
  .from(consoleRoles)
  .as('role_names');

export function roleReadModel(db: Db) {
  return {
    async findById(tenantId: string, id: string): Promise<RoleRow | undefined> {
      const [row] = await db
        .select()
        .from(consoleRoles)
        .where(and(eq(consoleRoles.tenantId, tenantId), eq(consoleRoles.id, id)))
        .limit(1);
      return row;
    },
    /** The groups each role is tied to (roles without groups are absent). */
    async groupIdsOf(roleIds: string[]): Promise<Map<string, string[]>> {
      const map = new Map<string, string[]>();
      if (roleIds.length === 0) return map;
      const rows = await db
        .select()
        .from(consoleRoleGroups)
        .where(inArray(consoleRoleGroups.roleId, roleIds));
      for (const r of rows) map.set(r.roleId, [...(map.get(r.roleId) ?? []), r.groupId]);
      return map;
    },
    /** The tenant's roles with these ids, by name and built-in key (an audit entry names them). */
    async namesOf(tenantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: consoleRoles.id, name: consoleRoles.name, roleKey: consoleRoles.builtInKey })
        .from(consoleRoles)
        .where(and(eq(consoleRoles.tenantId, tenantId), inArray(consoleRoles.id, ids)));
    },
    /** How many roles each of these tenants has (tenants without roles are absent). */
    async countByTenant(tenantIds: string[]) {
      if (tenantIds.length === 0) return [];
      return db
        .select({ tenantId: consoleRoles.tenantId, n: count() })
        .from(consoleRoles)
        .where(inArray(consoleRoles.tenantId, tenantIds))
        .groupBy(consoleRoles.tenantId);
    },
    /** How many roles are tied to a group (a group tied to roles cannot be deleted). */
    async countTiedTo(groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleRoleGroups)
        .where(eq(consoleRoleGroups.groupId, groupId));
      return row?.n ?? 0;
    },
  };
}
