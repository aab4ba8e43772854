import { enrol } from '@edp/shared/api/engine/agent.calls';
import { roleMenus } from '@edp/shared/permissions';
import { storableJson, storableText, type Db } from '../../platform/db/index.ts';
import { proxyOpen, type Actor, type Caller } from '../access/index.ts';
import type { EngineEnrolled } from '../../engines/index.ts';
import { groupReadModel, proxyReadModel, roleReadModel } from '../store/index.ts';
import type { NamedDevice } from './audit-detail.ts';
import type { UserRow } from '../store/index.ts';
import { auditRepository, type AuditInsert } from './audit-repository.ts';

export interface ChangeSummary {
  target: string;
  before?: unknown;
  after?: unknown;
  note?: string;
  /** The devices the change touched, to name and link (see `touchedDevices`). */
  devices?: NamedDevice[];
  /** Of a bulk action: how many devices it touched, named or not. */
  count?: number;
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
 * The devices a bulk action's entry names by id and name; past them it keeps only the count, so
 * an action over 100,000 engines writes an entry of bounded size (docs/decisions.md, issue 22).
 * 40 of the longest names (64 characters) stay well inside AUDIT_DETAIL_MAX.
 */
export const AUDIT_DEVICES_NAMED = 40;

/**
 * A bulk action's devices as its entry keeps them: the first AUDIT_DEVICES_NAMED by name, their
 * count, and a target of their names so the log's keyword filter finds the action by a name.
 */
export function touchedDevices(touched: readonly NamedDevice[]) {
  const devices = [...touched]
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, AUDIT_DEVICES_NAMED)
    .map(({ id, name }) => ({ id, name }));
  return { target: devices.map((d) => d.name).join(', '), devices, count: touched.length };
}

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

/**
 * Writes the audit log: who, role, what, target, before/after, source address, result, time.
 * `clock` tells which proxy windows are open when an entry is written outside a session.
 */
export function auditService({ db, clock = Date.now }: { db: Db; clock?: () => number }) {
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
    /**
     * An engine enrolled itself (engines' `enrolled` port, wired in services.ts): no user, the
     * engine as the actor, the device and its group, the address it enrolled from.
     */
    async enrolment(e: EngineEnrolled) {
      const group = await groupReadModel(db).findById(e.tenantId, e.groupId);
      await repo.insert({
        tenantId: e.tenantId,
        account: '',
        roleName: '',
        duty: 'engine',
        action: enrol.path,
        target: e.name,
        detail: {
          after: {
            groupId: e.groupId,
            group: group?.name ?? '',
            secretName: e.secretName,
            ip: e.identity.ip,
            kind: e.identity.kind,
            systemType: e.identity.systemType,
            version: e.identity.version,
          },
          devices: [{ id: e.deviceId, name: e.name }],
        },
        ip: e.ip,
        result: 'success',
      });
    },
    actorFields,
    /**
     * Actor fields for a known user outside a session (login attempts): role and duty too, the
     * duty with the roles proxied to them right now, as a session's actor has them — who reads
     * the entry follows from it (audit-readers.ts).
     */
    async userFields(user: UserRow) {
      const now = clock();
      const [role, proxies] = await Promise.all([
        user.roleId ? roleReadModel(db).findById(user.tenantId, user.roleId) : undefined,
        proxyReadModel(db).currentAndComingRoles(user.id, new Date(now)),
      ]);
      const roles = [
        ...(role ? [role] : []),
        ...proxies.filter((p) => proxyOpen(p, now)).map((p) => p.role),
      ];
      return {
        tenantId: user.tenantId,
        actorId: user.id,
        account: user.account,
        roleName: role?.name ?? '',
        roleKey: role?.builtInKey ?? null,
        duty: [...new Set(roles.flatMap((r) => roleMenus(r.userType, r.menu)))].join(','),
      };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
