import { and, count, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { type Db, consoleRoles, consoleUsers, tenants } from '../../platform/db/index.ts';
import { administersUsersSql } from './role-read-model.ts';

/*
 * A read model of the users module (console/users owns `console_users`): the reads of users
 * that the actor cache (access/), the tenant settings and the tenants' list, the audit reader,
 * the modules beside users (roles, groups, proxies) and sign-in make. Selects only; the users
 * module's repository reads the same way.
 */

export type UserRow = typeof consoleUsers.$inferSelect;
export type UserInsert = typeof consoleUsers.$inferInsert;

/** A user who can sign in now (not disabled or deleted) and has no e-mail address. */
export const activeWithoutEmailSql = and(
  eq(consoleUsers.status, 'normal'),
  or(isNull(consoleUsers.email), eq(consoleUsers.email, '')),
);

/**
 * Every user's id, account and name, as a subquery a list joins on the user's id (the proxies'
 * page): `.innerJoin(userNames, eq(userNames.id, …))`.
 */
export const userNames = new QueryBuilder()
  .select({ id: consoleUsers.id, account: consoleUsers.account, name: consoleUsers.name })
  .from(consoleUsers)
  .as('user_names');

/**
 * A group's users who are not deleted, as a column of a select over `console_groups` (the
 * outer column spelled out: drizzle leaves columns unqualified when a select has no join).
 */
export const groupUserCountSql = sql<number>`(select count(*)::int from console_users u where u.group_id = "console_groups"."id" and u.status <> 'deleted')`;
/** A role's holders who are not deleted, as a column of a select over `console_roles` (as above). */
export const roleUserCountSql = sql<number>`(select count(*)::int from console_users u where u.role_id = "console_roles"."id" and u.status <> 'deleted')`;

export function userReadModel(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleUsers.tenantId, tenantId), eq(consoleUsers.id, id));

  return {
    /** A user with their own role and their tenant's status (the console actor is built from it). */
    async findWithRole(tenantId: string, userId: string) {
      const [row] = await db
        .select({ user: consoleUsers, role: consoleRoles, tenantStatus: tenants.status })
        .from(consoleUsers)
        .innerJoin(tenants, eq(tenants.id, consoleUsers.tenantId))
        .leftJoin(consoleRoles, eq(consoleRoles.id, consoleUsers.roleId))
        .where(and(eq(consoleUsers.id, userId), eq(consoleUsers.tenantId, tenantId)))
        .limit(1);
      return row;
    },
    async findById(tenantId: string, id: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(consoleUsers).where(byId(tenantId, id)).limit(1);
      return row;
    },
    async findByAccount(tenantId: string, account: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(consoleUsers)
        .where(and(eq(consoleUsers.tenantId, tenantId), eq(consoleUsers.account, account)))
        .limit(1);
      return row;
    },
    async findByAutoLoginHash(hash: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(consoleUsers)
        .where(eq(consoleUsers.autoLoginHash, hash))
        .limit(1);
      return row;
    },
    /** Accounts of the tenant's system administrators (admin-email.ts) who can sign in and have no e-mail. */
    async adminsWithoutEmail(tenantId: string): Promise<string[]> {
      const rows = await db
        .select({ account: consoleUsers.account })
        .from(consoleUsers)
        .innerJoin(consoleRoles, eq(consoleRoles.id, consoleUsers.roleId))
        .where(and(eq(consoleUsers.tenantId, tenantId), activeWithoutEmailSql, administersUsersSql))
        .orderBy(consoleUsers.account);
      return rows.map((r) => r.account);
    },
    /** Users holding a role who are not deleted. */
    async countHolders(roleId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.roleId, roleId), ne(consoleUsers.status, 'deleted')));
      return row?.n ?? 0;
    },
    /** Accounts of a role's holders who can sign in and have no e-mail address. */
    async holdersWithoutEmail(roleId: string): Promise<string[]> {
      const rows = await db
        .select({ account: consoleUsers.account })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.roleId, roleId), activeWithoutEmailSql))
        .orderBy(consoleUsers.account);
      return rows.map((r) => r.account);
    },
    /** The tenant's users with these ids, by account (an audit entry names them). */
    async accountsOf(tenantId: string, ids: string[]) {
      if (ids.length === 0) return [];
      return db
        .select({ id: consoleUsers.id, account: consoleUsers.account })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.tenantId, tenantId), inArray(consoleUsers.id, ids)));
    },
    /** How many users who are not deleted each of these tenants has (tenants without are absent). */
    async countByTenant(tenantIds: string[]) {
      if (tenantIds.length === 0) return [];
      return db
        .select({ tenantId: consoleUsers.tenantId, n: count() })
        .from(consoleUsers)
        .where(and(inArray(consoleUsers.tenantId, tenantIds), ne(consoleUsers.status, 'deleted')))
        .groupBy(consoleUsers.tenantId);
    },
    /** Users of a group who are not deleted. */
    async countInGroup(groupId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleUsers)
        .where(and(eq(consoleUsers.groupId, groupId), ne(consoleUsers.status, 'deleted')));
      return row?.n ?? 0;
    },
  };
}
