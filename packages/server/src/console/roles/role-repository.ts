import { BUILT_IN_ROLE_KEYS, type BuiltInRoleKey } from '@edp/shared/built-in-roles';
import { and, count, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  type Db,
  consoleRoleGroups,
  consoleRoles,
  consoleUsers,
  containsPattern,
} from '../../platform/db/index.ts';

export type RoleRow = typeof consoleRoles.$inferSelect;
export type RoleInsert = typeof consoleRoles.$inferInsert;

/** `administersUsers` (admin-email.ts) as a condition on console_roles. */
export const administersUsersSql = or(
  ne(consoleRoles.userType, 3),
  and(eq(consoleRoles.menu, 'system'), eq(consoleRoles.permission, 'write')),
);

/** A user who can sign in now (not disabled or deleted) and has no e-mail address. */
export const activeWithoutEmailSql = and(
  eq(consoleUsers.status, 'normal'),
  or(isNull(consoleUsers.email), eq(consoleUsers.email, '')),
);

const BUILT_IN_KEY_ARRAY = sql`array[${sql.join(
  BUILT_IN_ROLE_KEYS.map((k) => sql`${k}`),
  sql`, `,
)}]::text[]`;

export function roleRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleRoles.tenantId, tenantId), eq(consoleRoles.id, id));

  return {
    async findById(tenantId: string, id: string): Promise<RoleRow | undefined> {
      const [row] = await db.select().from(consoleRoles).where(byId(tenantId, id)).limit(1);
      return row;
    },
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
    /** Deletes the role and its group associations; deleted users let go of it first. */
    async delete(tenantId: string, id: string) {
      await db.transaction(async (tx) => {
        await tx
          .update(consoleUsers)
          .set({ roleId: null })
          .where(and(eq(consoleUsers.roleId, id), eq(consoleUsers.status, 'deleted')));
        await tx.delete(consoleRoles).where(byId(tenantId, id));
      });
    },
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
    async countHolders(roleId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.roleId, roleId), ne(consoleUsers.status, 'deleted')));
      return row?.n ?? 0;
    },
    /** Accounts of the role's holders who can sign in and have no e-mail address. */
    async holdersWithoutEmail(roleId: string): Promise<string[]> {
      const rows = await db
        .select({ account: consoleUsers.account })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.roleId, roleId), activeWithoutEmailSql))
        .orderBy(consoleUsers.account);
      return rows.map((r) => r.account);
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
            // Spelled out: drizzle leaves columns unqualified when a select has no join.
            userCount: sql<number>`(select count(*)::int from console_users u where u.role_id = "console_roles"."id" and u.status <> 'deleted')`,
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
