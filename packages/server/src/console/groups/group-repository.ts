import { and, count, eq, ne, sql } from 'drizzle-orm';
import { type Db, consoleGroupEscrows, consoleGroups } from '../../platform/db/index.ts';
import { groupReadModel, groupUserCountSql } from '../store/index.ts';

/**
 * The groups module's SQL: the one place `console_groups` and `console_group_escrows` are
 * written; the reads others make of the tree are the store's group read model.
 */
export function groupRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleGroups.tenantId, tenantId), eq(consoleGroups.id, id));

  return {
    ...groupReadModel(db),
    async nameTaken(tenantId: string, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: consoleGroups.id })
        .from(consoleGroups)
        .where(
          and(
            eq(consoleGroups.tenantId, tenantId),
            eq(consoleGroups.name, name),
            exceptId ? ne(consoleGroups.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return !!row;
    },
    /** The tree with user counts and escrows, ordered so that parents come before children. */
    async all(tenantId: string) {
      return db
        .select({
          group: consoleGroups,
          userCount: groupUserCountSql,
          escrowTo: consoleGroupEscrows.toGroupId,
          escrowMode: consoleGroupEscrows.mode,
        })
        .from(consoleGroups)
        .leftJoin(consoleGroupEscrows, eq(consoleGroupEscrows.groupId, consoleGroups.id))
        .where(eq(consoleGroups.tenantId, tenantId))
        .orderBy(consoleGroups.level, consoleGroups.name);
    },
    async insert(
      values: Omit<typeof consoleGroups.$inferInsert, 'path' | 'id'>,
      parentPath: string,
    ) {
      // The path embeds the row's own id, so the id is chosen here rather than by the database.
      const id = crypto.randomUUID();
      await db.insert(consoleGroups).values({ ...values, id, path: `${parentPath}${id}/` });
      return id;
    },
    async update(tenantId: string, id: string, values: Partial<typeof consoleGroups.$inferInsert>) {
      await db
        .update(consoleGroups)
        .set({ ...values, updatedAt: sql`now()` })
        .where(byId(tenantId, id));
    },
    /**
     * Deletes the group (its escrows cascade), in one transaction with `before` (deleted users
     * let go of the group first: the users module's write, handed the transaction).
     */
    async delete(tenantId: string, id: string, before: (tx: Db) => Promise<void>) {
      await db.transaction(async (tx) => {
        await before(tx as unknown as Db);
        await tx.delete(consoleGroups).where(byId(tenantId, id));
      });
    },
    /** How many subgroups a group has (a group with subgroups cannot be deleted). */
    async countChildren(id: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleGroups)
        .where(eq(consoleGroups.parentId, id));
      return row?.n ?? 0;
    },
    async setEscrow(
      tenantId: string,
      groupId: string,
      toGroupId: string,
      mode: 'tiered' | 'sibling',
    ) {
      await db
        .insert(consoleGroupEscrows)
        .values({ tenantId, groupId, toGroupId, mode })
        .onConflictDoUpdate({
          target: consoleGroupEscrows.groupId,
          set: { toGroupId, mode, createdAt: sql`now()` },
        });
    },
    async escrowOf(groupId: string) {
      const [row] = await db
        .select()
        .from(consoleGroupEscrows)
        .where(eq(consoleGroupEscrows.groupId, groupId));
      return row;
    },
    async deleteEscrow(tenantId: string, groupId: string) {
      await db
        .delete(consoleGroupEscrows)
        .where(
          and(eq(consoleGroupEscrows.tenantId, tenantId), eq(consoleGroupEscrows.groupId, groupId)),
        );
    },
  };
}
export type GroupRepository = ReturnType<typeof groupRepository>;
