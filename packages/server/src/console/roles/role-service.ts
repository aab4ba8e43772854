import type { Platform } from '../../platform/platform.ts';
import type { z } from 'zod';
import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES } from '@edp/shared/built-in-roles';
import type { ZRoleAdd, ZRoleEdit, ZRoleListRequest } from '@edp/shared/contracts/user';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { groupReadModel, userReadModel, type RoleInsert, type RoleRow } from '../store/index.ts';
import type { TenantService } from '../tenants/index.ts';
import { administersUsers, refuseAdminsWithoutEmail } from '../access/index.ts';
import { roleRepository } from './role-repository.ts';
import type { Db } from '../../platform/db/index.ts';

const summary = (r: RoleRow, groupIds: string[]) => ({
  name: r.name,
  menu: r.menu,
  permission: r.permission,
  groupIds,
});

/** What the roles module asks of the users module (`console_users` is theirs): services.ts wires it. */
export interface RoleDeps {
  /** Deleted users let go of a role being deleted, in the roles module's transaction `tx`. */
  releaseRole: (tx: Db, tenantId: string, roleId: string) => Promise<void>;
}

/**
 * Roles: one duty each. Built-in roles (made at setup) keep their duty, permission and name
 * (shown from their key) and cannot be deleted.
 */
export function roleService({
  db,
  audit,
  tenants,
  releaseRole,
}: Pick<Platform, 'db'> & {
  audit: AuditService;
  tenants: Pick<TenantService, 'loginSettings'>;
} & RoleDeps) {
  const roles = roleRepository(db);
  const groups = groupReadModel(db);
  const users = userReadModel(db);

  async function ownRole(caller: Caller, id: string) {
    const role = await roles.findById(caller.actor.tenantId, id);
    if (!role) throw new AppError(CommonErr.NotFound);
    return role;
  }

  /**
   * A role's own name, or a built-in role's name in either language: the tenant's built-in
   * roles are shown by those, so a role made by hand taking one would read as the same role.
   */
  async function nameTaken(tenantId: string, name: string, exceptId?: string) {
    if (await roles.nameTaken(tenantId, name, exceptId)) return true;
    const shownAs = BUILT_IN_ROLE_KEYS.filter((key) =>
      Object.values(BUILT_IN_ROLES[key].name).includes(name),
    );
    return roles.hasBuiltIn(tenantId, shownAs);
  }

  async function checkGroups(caller: Caller, groupIds: string[]) {
    const found = await groups.findByIds(caller.actor.tenantId, [...new Set(groupIds)]);
    if (found.length !== new Set(groupIds).size) throw new AppError(CommonErr.NotFound);
  }

  return {
    async list(caller: Caller, q: z.infer<typeof ZRoleListRequest>) {
      const { total, rows } = await roles.list({
        tenantId: caller.actor.tenantId,
        keyword: q.keyword,
        limit: q.pageSize,
        offset: (q.page - 1) * q.pageSize,
      });
      const groupIds = await roles.groupIdsOf(rows.map((r) => r.role.id));
      const list = rows.map(({ role, userCount }) => ({
        id: role.id,
        name: role.name,
        menu: role.menu,
        permission: role.permission,
        userType: role.userType,
        builtIn: !!role.builtInKey,
        builtInKey: role.builtInKey,
        groupIds: groupIds.get(role.id) ?? [],
        userCount,
        createdAt: role.createdAt.toISOString(),
      }));
      return { list, total, page: q.page, pageSize: q.pageSize };
    },

    async add(caller: Caller, input: z.infer<typeof ZRoleAdd>) {
      const tenantId = caller.actor.tenantId;
      if (await nameTaken(tenantId, input.name)) throw new AppError(ConsoleErr.RoleNameExists);
      await checkGroups(caller, input.groupIds);
      const { groupIds, ...values } = input;
      const id = await roles.insert({ ...values, tenantId, userType: 3 });
      await roles.setGroups(id, [...new Set(groupIds)]);
      await audit.change(caller, { target: input.name, after: input });
      return { id };
    },

    async edit(caller: Caller, input: z.infer<typeof ZRoleEdit>) {
      const role = await ownRole(caller, input.id);
      const before = summary(role, (await roles.groupIdsOf([role.id])).get(role.id) ?? []);
      if (role.builtInKey && input.menu !== undefined && input.menu !== role.menu) {
        throw new AppError(ConsoleErr.Protected);
      }
      // A built-in duty that could be turned read-only would lock its holders out of their duty.
      if (role.builtInKey && input.permission === 'read') throw new AppError(ConsoleErr.Protected);
      // A built-in role is shown by its key in the reader's language: a new name would never show.
      if (role.builtInKey && input.name !== undefined && input.name !== role.name) {
        throw new AppError(ConsoleErr.Protected);
      }
      if (input.name && (await nameTaken(role.tenantId, input.name, role.id))) {
        throw new AppError(ConsoleErr.RoleNameExists);
      }
      const { id, groupIds, ...values } = input;
      // A role turned into a system administrator's keeps codes by e-mail reachable for its holders.
      if (!administersUsers(role) && administersUsers({ ...role, ...values })) {
        const { mailCode } = await tenants.loginSettings(role.tenantId);
        if (mailCode) refuseAdminsWithoutEmail(await users.holdersWithoutEmail(role.id));
      }
      if (groupIds) await checkGroups(caller, groupIds);
      if (Object.keys(values).length > 0) await roles.update(role.tenantId, id, values);
      if (groupIds) await roles.setGroups(id, [...new Set(groupIds)]);
      const after = { ...before, ...values, ...(groupIds ? { groupIds } : {}) };
      await audit.change(caller, { target: role.name, before, after });
    },

    /** docs/product.md §5: deleting a role deletes its group associations; a role users hold stays. */
    async del(caller: Caller, id: string) {
      const role = await ownRole(caller, id);
      if (role.builtInKey) throw new AppError(ConsoleErr.Protected);
      if ((await users.countHolders(id)) > 0) throw new AppError(ConsoleErr.RoleInUse);
      const groupIds = (await roles.groupIdsOf([id])).get(id) ?? [];
      await roles.delete(role.tenantId, id, (tx) => releaseRole(tx, role.tenantId, id));
      await audit.change(caller, { target: role.name, before: summary(role, groupIds) });
    },

    /**
     * Adds a built-in duty role of a tenant being set up, in the set-up's transaction `tx`; its
     * id (services.ts hands this to the set-up service).
     */
    addDutyRole: (tx: Db, values: RoleInsert): Promise<string> => roleRepository(tx).insert(values),
  };
}
export type RoleService = ReturnType<typeof roleService>;
