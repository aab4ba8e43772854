import { and, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { UserStatus } from '@edp/shared/permissions';
import { type Db, consoleUsers, containsPattern } from '../../platform/db/index.ts';
import {
  groupNames,
  roleNames,
  userReadModel,
  type UserInsert,
  type UserRow,
} from '../store/index.ts';

export interface UserListQuery {
  tenantId: string;
  /** Groups the caller may see; null for all (users without a group included). */
  visibleGroupIds: string[] | null;
  groupId?: string;
  roleId?: string;
  keyword?: string;
  status?: UserStatus;
  limit: number;
  offset: number;
}

/** The users module's SQL: the one place `console_users` is written; its reads are the store's. */
export function userRepository(db: Db) {
  const byId = (tenantId: string, id: string) =>
    and(eq(consoleUsers.tenantId, tenantId), eq(consoleUsers.id, id));

  return {
    ...userReadModel(db),
    async findByIds(tenantId: string, ids: string[]): Promise<UserRow[]> {
      return db
        .select()
        .from(consoleUsers)
        .where(and(eq(consoleUsers.tenantId, tenantId), inArray(consoleUsers.id, ids)));
    },
    async emailTaken(tenantId: string, email: string, exceptId?: string): Promise<boolean> {
      const [row] = await db
        .select({ id: consoleUsers.id })
        .from(consoleUsers)
        .where(
          and(
            eq(consoleUsers.tenantId, tenantId),
            eq(consoleUsers.email, email),
            ne(consoleUsers.status, 'deleted'),
            exceptId ? ne(consoleUsers.id, exceptId) : undefined,
          ),
        )
        .limit(1);
      return !!row;
    },
    async insert(values: UserInsert): Promise<string> {
      const [row] = await db.insert(consoleUsers).values(values).returning({ id: consoleUsers.id });
      return row!.id;
    },
    async update(tenantId: string, id: string, values: Partial<UserInsert>) {
      await db
        .update(consoleUsers)
        .set({ ...values, updatedAt: sql`now()` })
        .where(byId(tenantId, id));
    },
    async move(tenantId: string, ids: string[], groupId: string | null) {
      await db
        .update(consoleUsers)
        .set({ groupId, updatedAt: sql`now()` })
        .where(and(eq(consoleUsers.tenantId, tenantId), inArray(consoleUsers.id, ids)));
    },
    /** Deleted users let go of a role being deleted, in the roles module's transaction. */
    async releaseRole(tenantId: string, roleId: string) {
      await db
        .update(consoleUsers)
        .set({ roleId: null })
        .where(
          and(
            eq(consoleUsers.tenantId, tenantId),
            eq(consoleUsers.roleId, roleId),
            eq(consoleUsers.status, 'deleted'),
          ),
        );
    },
    /** Deleted users let go of a group being deleted, in the groups module's transaction. */
    async releaseGroup(tenantId: string, groupId: string) {
      await db
        .update(consoleUsers)
        .set({ groupId: null })
        .where(
          and(
            eq(consoleUsers.tenantId, tenantId),
            eq(consoleUsers.groupId, groupId),
            eq(consoleUsers.status, 'deleted'),
          ),
        );
    },
    async deleteForever(tenantId: string, id: string) {
      await db.delete(consoleUsers).where(byId(tenantId, id));
    },
    /** Users holding a role who are not deleted, other than `exceptId`. */
    async countOthersOfRole(roleId: string, exceptId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(consoleUsers)
        .where(
          and(
            eq(consoleUsers.roleId, roleId),
            ne(consoleUsers.id, exceptId),
            ne(consoleUsers.status, 'deleted'),
          ),
        );
      return row?.n ?? 0;
    },
    /**
     * One count and one page query, both on console_users_list_idx (tenant, group, status); the
     * page joins the role's and the group's names from their owners' read models.
     */
    async list(q: UserListQuery) {
      const conditions: (SQL | undefined)[] = [
        eq(consoleUsers.tenantId, q.tenantId),
        q.status ? eq(consoleUsers.status, q.status) : ne(consoleUsers.status, 'deleted'),
        q.groupId ? eq(consoleUsers.groupId, q.groupId) : undefined,
        q.visibleGroupIds ? inArray(consoleUsers.groupId, q.visibleGroupIds) : undefined,
        q.roleId ? eq(consoleUsers.roleId, q.roleId) : undefined,
      ];
      if (q.keyword) {
        const like = containsPattern(q.keyword);
        conditions.push(
          or(
            ilike(consoleUsers.account, like),
            ilike(consoleUsers.name, like),
            ilike(consoleUsers.phone, like),
            ilike(consoleUsers.email, like),
          ),
        );
      }
      const where = and(...conditions);
      const [[total], rows] = await Promise.all([
        db.select({ n: count() }).from(consoleUsers).where(where),
        db
          .select({
            id: consoleUsers.id,
            account: consoleUsers.account,
            name: consoleUsers.name,
            phone: consoleUsers.phone,
            email: consoleUsers.email,
            jobNo: consoleUsers.jobNo,
            duty: consoleUsers.duty,
            status: consoleUsers.status,
            roleId: consoleUsers.roleId,
            roleName: roleNames.name,
            roleKey: roleNames.builtInKey,
            groupId: consoleUsers.groupId,
            groupName: groupNames.name,
            adminTag: consoleUsers.adminTag,
            mustChangePassword: consoleUsers.mustChangePassword,
            passwordChangedAt: consoleUsers.passwordChangedAt,
            createdAt: consoleUsers.createdAt,
          })
          .from(consoleUsers)
          .leftJoin(roleNames, eq(roleNames.id, consoleUsers.roleId))
          .leftJoin(groupNames, eq(groupNames.id, consoleUsers.groupId))
          .where(where)
          .orderBy(desc(consoleUsers.createdAt), desc(consoleUsers.id))
          .limit(q.limit)
          .offset(q.offset),
      ]);
      return { total: total?.n ?? 0, rows };
    },
  };
}
export type UserRepository = ReturnType<typeof userRepository>;
