import { and, count, eq, inArray, like, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Db, consoleGroupEscrows, consoleGroups } from '../../platform/db/index.ts';

/*
 * A read model of the groups module (console/groups owns `console_groups` and
 * `console_group_escrows`): the reads of the group tree that group scope (access/), the audit
 * writer and reader, the tenants' list and the modules beside groups (users, roles, the device
 * centre, logs) make. Selects only.
 */

export type GroupRow = typeof consoleGroups.$inferSelect;

/** Every group's id and name, as a select a statement joins (the logs' pages). */
export const groupNamesSql = sql`select id, name from console_groups`;

/**
 * Every group's id and name, as a subquery a list joins on the group's id (the users' page):
 * `.leftJoin(groupNames, eq(groupNames.id, …))`.
 */
export const groupNames = new QueryBuilder()
  .select({ id: consoleGroups.id, name: consoleGroups.name })
  .from(consoleGroups)
  .as('group_names');

export function groupReadModel(db: Db) {
  return {
    async findById(tenantId: string, id: string): Promise<GroupRow | undefined> {
      const [row] = await db
        .select()
        .from(consoleGroups)
        .where(and(eq(consoleGroups.tenantId, tenantId), eq(consoleGroups.id, id)))
        .limit(1);
      return row;
    },
    async findByIds(tenantId: string, ids: string[]): Promise<GroupRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(consoleGroups)
        .where(and(eq(consoleGroups.tenantId, tenantId), inArray(consoleGroups.id, ids)));
    },
    /** The tenant's groups with these ids, by name (an audit entry names them). */
    async namesOf(tenantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: consoleGroups.id, name: consoleGroups.name })
        .from(consoleGroups)
        .where(and(eq(consoleGroups.tenantId, tenantId), inArray(consoleGroups.id, ids)));
    },
    /** How many groups each of these tenants has (tenants without groups are absent). */
    async countByTenant(tenantIds: string[]) {
      if (tenantIds.length === 0) return [];
      return db
        .select({ tenantId: consoleGroups.tenantId, n: count() })
        .from(consoleGroups)
        .where(inArray(consoleGroups.tenantId, tenantIds))
        .groupBy(consoleGroups.tenantId);
    },
    /** Groups whose devices are escrowed to one of `groupIds` (docs/console.md "Escrow"). */
    async escrowedInto(tenantId: string, groupIds: string[]): Promise<string[]> {
      if (groupIds.length === 0) return [];
      const rows = await db
        .select({ id: consoleGroupEscrows.groupId })
        .from(consoleGroupEscrows)
        .where(
          and(
            eq(consoleGroupEscrows.tenantId, tenantId),
            inArray(consoleGroupEscrows.toGroupId, groupIds),
          ),
        );
      return rows.map((r) => r.id);
    },
    /** Ids of the groups under any of `roots` (the roots included), by their materialised path. */
    async subtreeIds(tenantId: string, roots: GroupRow[]): Promise<string[]> {
      if (roots.length === 0) return [];
      const rows = await db
        .select({ id: consoleGroups.id })
        .from(consoleGroups)
        .where(
          and(
            eq(consoleGroups.tenantId, tenantId),
            or(...roots.map((r) => like(consoleGroups.path, `${r.path}%`))),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
