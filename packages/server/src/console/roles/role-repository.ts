import { BUILT_IN_ROLE_KEYS, type BuiltInRoleKey } from '@edp/shared/built-in-roles';
import { and, count, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import {
  type Db,
  consoleRoleGroups,
  consoleRoles,
  containsPattern,
} from '../../platform/db/index.ts';
import { roleReadModel, roleUserCountSql, type RoleInsert } from '../store/index.ts';

const BUILT_IN_KEY_ARRAY = sql`array[${sql.join(
  BUILT_IN_ROLE_KEYS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;

/** The roles module's SQL: the one place `console_roles` and `console_role_groups` are written. */
export function roleRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleRoles.tenantId, tenantId), eq(consoleRoles.id, id));

  return {
    ...roleReadModel(db),
    async nameTaken(tenantId: string, name: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: consoleRoles.id })
        .from(consoleRoles)
        .where(
          and(
            eq(consoleRoles.tenantId, tenantId),
            eq(consoleRoles.name, name),
            exceptId ? ne(consoleRoles.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return !!row;
    },
    /** Whether the tenant has a built-in role of one of `keys`. */
    async hasBuiltIn(tenantId: string, keys: BuiltInRoleKey[]): Promise<boolean> {
      if (keys.length === 0) return false;
      const [row] = await db
        .select({ id: consoleRoles.id })
        .from(consoleRoles)
        .where(and(eq(consoleRoles.tenantId, tenantId), inArray(consoleRoles.builtInKey, keys)))
        .limit(1);
      return !!row;
    },
    async insert(values: RoleInsert): Promise<string> {
      const [row] = await db.insert(consoleRoles).values(values).returning({ id: consoleRoles.id });
      return row!.id;
    },
    async update(tenantId: string, id: string, values: Partial<RoleInsert>) {
      await db
        .update(consoleRoles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(byId(tenantId, id));
    },
    /**
     * Deletes the role and its group associations, in one transaction with `before` (deleted
     * users let go of the role first: the users module's write, handed the transaction).
     */
    async delete(tenantId: string, id: string, before: (tx: Db) => Promise<void>) {
      await db.transaction(async (tx) => {
        await before(tx as unknown as Db);
        await tx.delete(consoleRoles).where(byId(tenantId, id));
      });
    },
    async setGroups(roleId: string, groupIds: string[]) {
      await db.transaction(async (tx) => {
        await tx.delete(consoleRoleGroups).where(eq(consoleRoleGroups.roleId, roleId));
        if (groupIds.length > 0) {
          await tx
            .insert(consoleRoleGroups)
            .values(groupIds.map((groupId) => ({ roleId, groupId })));
        }
      });
    },
    async list(opts: { tenantId: string; keyword?: string; limit: number; offset: number }) {
      const where = and(
        eq(consoleRoles.tenantId, opts.tenantId),
        opts.keyword ? ilike(consoleRoles.name, containsPattern(opts.keyword)) : undefined,
      );
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(consoleRoles).where(where),
        db
          .select({
            role: consoleRoles,
            userCount: roleUserCountSql,
          })
          .from(consoleRoles)
          .where(where)
          .orderBy(
            // Built-in roles first, in the order setup names them; then by age.
            sql`array_position(${BUILT_IN_KEY_ARRAY}, ${consoleRoles.builtInKey})`,
            consoleRoles.createdAt,
            consoleRoles.id,
          )
          .limit(opts.limit)
          .offset(opts.offset),
      ]);
      return { total: total?.n ?? 0, rows };
    },
  };
}
export type RoleRepository = ReturnType<typeof roleRepository>;
