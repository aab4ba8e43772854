import { roleMenus } from '@edp/shared/permissions';
import type { Db } from '../../platform/db/index.ts';
import type { Actor, Caller } from '../access/index.ts';
import { roleRepository } from '../roles/index.ts';
import type { UserRow } from '../users/index.ts';
import { auditRepository, type AuditInsert } from './audit-repository.ts';

export interface ChangeSummary {
  target: string;
  before?: unknown;
  after?: unknown;
  note?: string;
}

const actorFields = (actor: Actor) => ({
  tenantId: actor.tenantId,
  actorId: actor.userId,
  account: actor.account,
  roleName: actor.roleName,
  duty: actor.menus.join(','),
});

/** Writes the audit log: who, role, what, target, before/after, source address, result, time. */
export function auditService(db: Db) {
  const repo = auditRepository(db);
  return {
    /** A successful change by a signed-in user. */
    async change(caller: Caller, summary: ChangeSummary) {
      const { target, ...detail } = summary;
      await repo.insert({
        ...actorFields(caller.actor),
        action: caller.call,
        target,
        detail,
        ip: caller.ip,
        result: 'success',
      });
      caller.audited = true;
    },
    /** A refused or failed call by a signed-in user. */
    async failure(caller: Caller, errCode: number, target = '') {
      await repo.insert({
        ...actorFields(caller.actor),
        action: caller.call,
        target,
        ip: caller.ip,
        result: 'failure',
        errCode,
      });
      caller.audited = true;
    },
    /** Anything else: login attempts, setup, the vendor's changes to a tenant. */
    async event(entry: AuditInsert) {
      await repo.insert(entry);
    },
    actorFields,
    /** Actor fields for a known user outside a session (login attempts): role and duty too. */
    async userFields(user: UserRow) {
      const role = user.roleId
        ? await roleRepository(db).findById(user.tenantId, user.roleId)
        : undefined;
      return {
        tenantId: user.tenantId,
        actorId: user.id,
        account: user.account,
        roleName: role?.name ?? '',
        duty: role ? roleMenus(role.userType, role.menu).join(',') : '',
      };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
