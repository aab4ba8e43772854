import type { Caller } from '../access/index.ts';
import type { z } from 'zod';
import type { TList } from '@edp/shared/contracts/common';
import type {
  TUserItem,
  ZUserAdd,
  ZUserEdit,
  ZUserListRequest,
  ZUserMove,
} from '@edp/shared/contracts/user';
import { CommonErr, ConsoleErr, PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import { groupReadModel, roleReadModel, type UserInsert, type UserRow } from '../store/index.ts';
import { canSee, visibleGroupIds } from '../access/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import { administersUsers, refuseAdminsWithoutEmail } from '../access/index.ts';
import type { TenantService } from '../tenants/index.ts';
import { setPassword, type PasswordDeps } from './user-password.ts';
import { userRepository } from './user-repository.ts';
import type { Db } from '../../platform/db/index.ts';

/** What the audit log keeps of a user: never the password hash or the auto-login token. */
const summary = (u: UserRow) => ({
  account: u.account,
  name: u.name,
  phone: u.phone,
  email: u.email,
  jobNo: u.jobNo,
  duty: u.duty,
  status: u.status,
  roleId: u.roleId,
  groupId: u.groupId,
});

/** User management by the system-administrator duty, scoped to the caller's tenant and groups. */
export function userService(
  deps: PasswordDeps & { audit: AuditService; tenants: Pick<TenantService, 'loginSettings'> },
) {
  const { db, sessions, passwords, audit, tenants } = deps;
  const users = userRepository(db);
  const roles = roleReadModel(db);
  const groups = groupReadModel(db);

  /** A user of the caller's tenant inside the caller's groups; another's id answers 404. */
  async function visibleUser(caller: Caller, id: string): Promise<UserRow> {
    const user = await users.findById(caller.actor.tenantId, id);
    const visible = await visibleGroupIds(db, caller.actor);
    if (!user || !canSee(visible, user.groupId)) throw new AppError(CommonErr.NotFound);
    return user;
  }

  async function checkRoleAndGroup(caller: Caller, roleId?: string, groupId?: string | null) {
    const tenantId = caller.actor.tenantId;
    if (roleId && !(await roles.findById(tenantId, roleId))) throw new AppError(CommonErr.NotFound);
    if (groupId) {
      const visible = await visibleGroupIds(db, caller.actor);
      const group = await groups.findById(tenantId, groupId);
      if (!group || !canSee(visible, groupId)) throw new AppError(CommonErr.NotFound);
    }
  }

  /**
   * docs/product.md §5: a user who is the only one left holding a bound role — a built-in duty role or
   * one tied to groups — cannot be deleted or disabled (or moved off it), nor the initial admin.
   */
  async function assertRemovable(caller: Caller, user: UserRow) {
    if (user.id === caller.actor.userId) throw new AppError(ConsoleErr.NotOnSelf);
    if (user.adminTag) throw new AppError(ConsoleErr.Protected);
    if (!user.roleId) return;
    const role = await roles.findById(user.tenantId, user.roleId);
    if (!role) return;
    const bound = !!role.builtInKey || !!(await roles.groupIdsOf([role.id])).get(role.id)?.length;
    if (bound && (await users.countOthersOfRole(role.id, user.id)) === 0) {
      throw new AppError(ConsoleErr.UserIsOnlyOfRole);
    }
  }

  /**
   * While login codes go by e-mail, a user who will be a system administrator able to sign in
   * keeps an e-mail address (access/admin-email.ts): removing it, or making such a user of one
   * without, is refused.
   */
  async function assertAdminEmail(
    tenantId: string,
    after: Pick<UserRow, 'account' | 'email' | 'status' | 'roleId'>,
  ) {
    if (after.email || after.status !== 'normal' || !after.roleId) return;
    const role = await roles.findById(tenantId, after.roleId);
    if (!role || !administersUsers(role)) return;
    if ((await tenants.loginSettings(tenantId)).mailCode) refuseAdminsWithoutEmail([after.account]);
  }

  async function assertEmailFree(
    tenantId: string,
    email: string | null | undefined,
    exceptId?: string,
  ) {
    if (email && (await users.emailTaken(tenantId, email, exceptId))) {
      throw new AppError(PortalErr.EmailExists);
    }
  }

  return {
    /** A page of the users the caller may see (the route keeps it: console-cache.ts). */
    async list(caller: Caller, q: z.infer<typeof ZUserListRequest>): Promise<TList<TUserItem>> {
      // A filter naming another tenant's (or an unseen) role or group is a 404, like the record.
      await checkRoleAndGroup(caller, q.roleId, q.groupId);
      const visible = await visibleGroupIds(db, caller.actor);
      const { total, rows } = await users.list({
        tenantId: caller.actor.tenantId,
        visibleGroupIds: visible,
        groupId: q.groupId,
        roleId: q.roleId,
        keyword: q.keyword,
        status: q.status,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const list = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    async add(caller: Caller, input: z.infer<typeof ZUserAdd>) {
      const tenantId = caller.actor.tenantId;
      await checkRoleAndGroup(caller, input.roleId, input.groupId);
      if (await users.findByAccount(tenantId, input.account)) {
        throw new AppError(ConsoleErr.AccountExists);
      }
      await assertEmailFree(tenantId, input.email);
      await assertAdminEmail(tenantId, {
        account: input.account,
        email: input.email ?? null,
        status: 'normal',
        roleId: input.roleId,
      });
      if (isCommonPasswordDigest(input.password)) throw new AppError(PortalErr.PasswordCommon);
      const { password, ...fields } = input;
      const id = await users.insert({
        ...fields,
        tenantId,
        passwordHash: await passwords.hash(password),
        mustChangePassword: true,
      });
      const created = (await users.findById(tenantId, id))!;
      await audit.change(caller, { target: input.account, after: summary(created) });
      return { id };
    },

    async edit(caller: Caller, input: z.infer<typeof ZUserEdit>) {
      const user = await visibleUser(caller, input.id);
      if (user.status === 'deleted') throw new AppError(CommonErr.NotFound);
      await checkRoleAndGroup(caller, input.roleId, input.groupId);
      await assertEmailFree(user.tenantId, input.email, user.id);
      await assertAdminEmail(user.tenantId, {
        account: user.account,
        email: input.email === undefined ? user.email : input.email,
        status: input.status ?? user.status,
        roleId: input.roleId ?? user.roleId,
      });
      const leavesRole = input.roleId !== undefined && input.roleId !== user.roleId;
      if ((input.status === 'disabled' && user.status !== 'disabled') || leavesRole) {
        await assertRemovable(caller, user);
      }
      const { id, ...values } = input;
      await users.update(user.tenantId, id, values);
      if (input.status === 'disabled') await sessions.revokeAllOf('user', id);
      const after = (await users.findById(user.tenantId, id))!;
      await audit.change(caller, {
        target: user.account,
        before: summary(user),
        after: summary(after),
      });
    },

    /** Soft delete: the user can be recovered until deleted permanently. */
    async del(caller: Caller, id: string) {
      const user = await visibleUser(caller, id);
      if (user.status === 'deleted') return;
      await assertRemovable(caller, user);
      await users.update(user.tenantId, id, { status: 'deleted' });
      await sessions.revokeAllOf('user', id);
      await audit.change(caller, {
        target: user.account,
        before: { status: user.status },
        after: { status: 'deleted' },
      });
    },

    async recover(caller: Caller, id: string) {
      const user = await visibleUser(caller, id);
      if (user.status !== 'deleted') throw new AppError(CommonErr.NotFound);
      if (user.email) await assertEmailFree(user.tenantId, user.email, user.id);
      await assertAdminEmail(user.tenantId, { ...user, status: 'normal' });
      await users.update(user.tenantId, id, { status: 'normal' });
      await audit.change(caller, {
        target: user.account,
        before: { status: 'deleted' },
        after: { status: 'normal' },
      });
    },

    async realDel(caller: Caller, id: string) {
      const user = await visibleUser(caller, id);
      if (user.status !== 'deleted') throw new AppError(ConsoleErr.UserNotDeleted);
      await users.deleteForever(user.tenantId, id);
      await audit.change(caller, { target: user.account, before: summary(user) });
    },

    /** Migrates users between groups. */
    async move(caller: Caller, input: z.infer<typeof ZUserMove>) {
      const ids = [...new Set(input.ids)];
      await checkRoleAndGroup(caller, undefined, input.groupId);
      const found = await users.findByIds(caller.actor.tenantId, ids);
      const visible = await visibleGroupIds(db, caller.actor);
      // A caller limited to some groups cannot move users out of sight (to no group).
      if (!canSee(visible, input.groupId) && visible !== null)
        throw new AppError(CommonErr.NotFound);
      if (found.length !== ids.length || found.some((u) => !canSee(visible, u.groupId))) {
        throw new AppError(CommonErr.NotFound);
      }
      await users.move(caller.actor.tenantId, ids, input.groupId);
      await audit.change(caller, {
        target: found.map((u) => u.account).join(','),
        before: found.map((u) => ({ account: u.account, groupId: u.groupId })),
        after: { groupId: input.groupId },
      });
    },

    /**
     * A user's own name or phone, changed by themselves (console/login's self-service; the
     * caller audits it).
     */
    async updateOwn(tenantId: string, userId: string, values: { name?: string; phone?: string }) {
      await users.update(tenantId, userId, values);
    },

    /** The user's auto-login link (console/login): a new one, or none (`null`). */
    async setAutoLogin(
      tenantId: string,
      userId: string,
      link: { nonce: string; hash: string; expiresAt: Date } | null,
    ) {
      await users.update(tenantId, userId, {
        autoLoginNonce: link?.nonce ?? null,
        autoLoginHash: link?.hash ?? null,
        autoLoginExpiresAt: link?.expiresAt ?? null,
      });
    },

    /**
     * Deleted users let go of a role being deleted, in the roles module's transaction `tx`
     * (services.ts hands this to the roles service).
     */
    releaseRole: (tx: Db, tenantId: string, roleId: string) =>
      userRepository(tx).releaseRole(tenantId, roleId),

    /** Deleted users let go of a group being deleted, in the groups module's transaction `tx`. */
    releaseGroup: (tx: Db, tenantId: string, groupId: string) =>
      userRepository(tx).releaseGroup(tenantId, groupId),

    /**
     * Adds the user who holds a built-in duty of a tenant being set up, in the set-up's
     * transaction `tx` (services.ts hands this to the set-up service).
     */
    addDutyUser: async (tx: Db, values: UserInsert): Promise<void> => {
      await userRepository(tx).insert(values);
    },

    /** Resets another user's password; they must change it at the next login. */
    async resetPassword(caller: Caller, id: string, password: string) {
      const user = await visibleUser(caller, id);
      if (user.id === caller.actor.userId) throw new AppError(ConsoleErr.NotOnSelf);
      if (user.status === 'deleted') throw new AppError(CommonErr.NotFound);
      await setPassword(deps, user, password, { byOther: true });
      await audit.change(caller, { target: user.account, after: { mustChangePassword: true } });
    },
  };
}
export type UserService = ReturnType<typeof userService>;
