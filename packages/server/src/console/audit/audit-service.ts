import { roleMenus } from '@edp/shared/permissions';
import { storableJson, storableText, type Db } from '../../platform/db/index.ts';
import type { Actor, Caller } from '../access/index.ts';
import { roleRepository } from '../store/index.ts';
import type { UserRow } from '../store/index.ts';
import { auditRepository, type AuditInsert } from '../store/index.ts';

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
  roleKey: actor.roleKey,
  duty: actor.menus.join(','),
});

/** The longest target and text field an entry keeps, and the largest before/after summary. */
export const AUDIT_TEXT_MAX = 200;
export const AUDIT_DETAIL_MAX = 8_000;

/**
 * An entry as it may be stored whatever the caller sent: texts cut to AUDIT_TEXT_MAX and cleaned
 * of what PostgreSQL refuses, an oversized detail replaced by a note. So a failed call's audit
 * can neither fail on its input nor make a row as big as the request.
 */
function bounded(entry: AuditInsert): AuditInsert {
  const text = (v: string | undefined) => (v === undefined ? v : storableText(v, AUDIT_TEXT_MAX));
  const detail = entry.detail && storableJson(entry.detail, AUDIT_DETAIL_MAX);
  return {
    ...entry,
    account: text(entry.account),
    roleName: text(entry.roleName),
    duty: text(entry.duty),
    action: storableText(entry.action, AUDIT_TEXT_MAX),
    target: text(entry.target),
    ip: text(entry.ip),
    detail: entry.detail && !detail ? { note: 'detail too large to keep' } : detail,
  };
}

/** Writes the audit log: who, role, what, target, before/after, source address, result, time. */
export function auditService({ db }: { db: Db }) {
  const auditRepo = auditRepository(db);
  const repo = { insert: (entry: AuditInsert) => auditRepo.insert(bounded(entry)) };
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
        roleKey: role?.builtInKey ?? null,
        duty: role ? roleMenus(role.userType, role.menu).join(',') : '',
      };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
