import { and, eq, inArray, like, or, sql } from 'drizzle-orm';
import { type Db, consoleGroups } from '../../platform/db/index.ts';

/*
 * A read model of the groups module (console/groups owns `console_groups` and
 * `console_group_escrows`): the reads of the group tree that group scope (access/), the audit
 * writer and the modules beside groups (users, roles, the device centre) make. Selects only.
 */

export type GroupRow = typeof consoleGroups.$inferSelect;

/** Every group's id and name, as a select a statement joins (the logs' pages). */
export const groupNamesSql = sql`select id, name from console_groups`;

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
