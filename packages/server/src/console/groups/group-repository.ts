import { and, count, eq, inArray, like, ne, or, sql } from 'drizzle-orm';
import {
  type Db,
  consoleGroupEscrows,
  consoleGroups,
  consoleRoleGroups,
  consoleUsers,
} from '../../platform/db/index.ts';

export type GroupRow = typeof consoleGroups.$inferSelect;

export function groupRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleGroups.tenantId, tenantId), eq(consoleGroups.id, id));

  return {
    async findById(tenantId: string, id: string): Promise<GroupRow | undefined> {
      const [row] = await db.select().from(consoleGroups).where(byId(tenantId, id)).limit(1);
      return row;
    },
    async findByIds(tenantId: string, ids: string[]): Promise<GroupRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(consoleGroups)
        .where(and(eq(consoleGroups.tenantId, tenantId), inArray(consoleGroups.id, ids)));
    },
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
          // Spelled out: drizzle leaves columns unqualified when a select has no join.
          userCount: sql<number>`(select count(*)::int from console_users u where u.group_id = "console_groups"."id" and u.status <> 'deleted')`,
          escrowTo: consoleGroupEscrows.toGroupId,
          escrowMode: consoleGroupEscrows.mode,
        })
        .from(consoleGroups)
        .leftJoin(consoleGroupEscrows, eq(consoleGroupEscrows.groupId, consoleGroups.id))
        .where(eq(consoleGroups.tenantId, tenantId))
        .orderBy(consoleGroups.level, consoleGroups.name);
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
    /** Deletes the group; deleted users let go of it first (escrows cascade). */
    async delete(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(consoleUsers)
          .set({ groupId: null })
          .where(and(eq(consoleUsers.groupId, id), eq(consoleUsers.status, 'deleted')));
        await tx.delete(consoleGroups).where(byId(tenantId, id));
      });
    },
    /** What stands in the way of deleting a group. */
    async usage(id: string) {
      const [[children], [users], [roles]] = await Promise.all([
        db.select({ n: count() }).from(consoleGroups).where(eq(consoleGroups.parentId, id)),
        db
          .select({ n: count() })
          .from(consoleUsers)
          .where(and(eq(consoleUsers.groupId, id), ne(consoleUsers.status, 'deleted'))),
        db.select({ n: count() }).from(consoleRoleGroups).where(eq(consoleRoleGroups.groupId, id)),
      ]);
      return { children: children?.n ?? 0, users: users?.n ?? 0, roles: roles?.n ?? 0 };
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
