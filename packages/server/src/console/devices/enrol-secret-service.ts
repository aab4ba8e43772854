import type { z } from 'zod';
import { MAX_LIVE_SECRETS, SECRET_LIST_MAX } from '@edp/shared/constants';
import type {
  SecretState,
  TEnrolSecretItem,
  TEnrolSecretList,
  TEnrolSecretMade,
  ZEnrolSecretAdd,
  ZEnrolSecretRotate,
} from '@edp/shared/contracts/devices';
import { rule } from '@edp/shared/contracts/field-rules';
import { CommonErr, ConsoleErr } from '@edp/shared/errors';
import type { Platform } from '../../platform/platform.ts';
import { AppError } from '../../platform/errors/index.ts';
import { newEnrolSecret, secretHash, secretHint } from '../../engines/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { Caller } from '../access/index.ts';
import { enrolSecretRepository, type EnrolSecretRow } from './enrol-secret-repository.ts';
import { groupInScope, visibleDeviceGroups } from './device-scope.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function secretState(row: EnrolSecretRow, now: number): SecretState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt.getTime() <= now) return 'expired';
  return 'live';
}

/** The name a secret gets when none is given: its group's and the day (UTC), "Plant-A 2026-11-25". */
export const defaultSecretName = (groupName: string, now: number) =>
  `${groupName} ${new Date(now).toISOString().slice(0, 10)}`;

/**
 * A group's named enrolment secrets (docs/engines.md "Enrolment secrets"): listed with who made
 * and revoked each and the engines enrolled with it, made (the answer is the only place a secret
 * is shown: only its SHA-256 is kept), revoked, rotated. Every call is scoped to the caller's
 * tenant and the groups whose devices they see; every change is audited.
 */
export function enrolSecretService({
  db,
  clock,
  audit,
}: Pick<Platform, 'db' | 'clock'> & { audit: AuditService }) {
  const repo = enrolSecretRepository(db);

  const groupOf = async (caller: Caller, groupId: string) =>
    groupInScope(db, caller.actor, groupId, await visibleDeviceGroups(db, caller.actor));

  const itemOf = (row: EnrolSecretRow, enrolled: number, now: number): TEnrolSecretItem => ({
    id: row.id,
    groupId: row.groupId,
    name: row.name,
    hint: row.hint,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    revokedBy: row.revokedBy,
    revokedAt: iso(row.revokedAt),
    state: secretState(row, now),
    enrolled,
  });

  /** A new secret's row: only its hash and last four characters are stored. */
  function fresh(caller: Caller, groupId: string, name: string, now: number, expiresAt?: Date) {
    const secret = newEnrolSecret();
    const values = {
      tenantId: caller.actor.tenantId,
      groupId,
      name,
      secretHash: secretHash(secret),
      hint: secretHint(secret),
      createdBy: caller.actor.account,
      createdById: caller.actor.userId,
      createdAt: new Date(now),
      expiresAt: expiresAt ?? null,
    };
    return { secret, values };
  }

  return {
    async list(caller: Caller, groupId: string): Promise<TEnrolSecretList> {
      const now = clock();
      await groupOf(caller, groupId);
      const { rows, total } = await repo.list(caller.actor.tenantId, groupId, SECRET_LIST_MAX);
      return { list: rows.map((r) => itemOf(r.secret, r.enrolled, now)), total };
    },

    async add(caller: Caller, input: z.output<typeof ZEnrolSecretAdd>): Promise<TEnrolSecretMade> {
      const now = clock();
      const group = await groupOf(caller, input.groupId);
      if (input.expiresAt && input.expiresAt.getTime() <= now)
        throw new AppError(CommonErr.Invalid, { field: 'body.expiresAt', detail: rule('future') });
      const liveNow = await repo.countLive(caller.actor.tenantId, group.id, new Date(now));
      if (liveNow >= MAX_LIVE_SECRETS)
        throw new AppError(ConsoleErr.SecretLimit, { max: MAX_LIVE_SECRETS });
      const { secret, values } = fresh(caller, group.id, input.name, now, input.expiresAt);
      const row = await repo.insert(values);
      await audit.change(caller, {
        target: group.name,
        after: { name: row.name, ...(row.expiresAt ? { expiresAt: iso(row.expiresAt) } : {}) },
        note: 'enrolment secret made',
      });
      return { ...itemOf(row, 0, now), secret };
    },

    /** New enrolments with it are refused; the engines it enrolled keep their own tokens. */
    async revoke(caller: Caller, id: string) {
      const now = clock();
      const tenantId = caller.actor.tenantId;
      const found = await repo.findById(tenantId, id);
      if (!found) throw new AppError(CommonErr.NotFound);
      const group = await groupOf(caller, found.groupId);
      const at = new Date(now);
      const row = await repo.revoke(tenantId, id, {
        at,
        by: caller.actor.account,
        byId: caller.actor.userId,
      });
      if (!row) throw new AppError(ConsoleErr.SecretRevoked);
      await audit.change(caller, {
        target: group.name,
        before: { name: row.name },
        note: 'enrolment secret revoked',
      });
    },

    /**
     * A new secret for the group, and its live ones revoked, in one transaction: what to do when
     * a secret has leaked. Logged as made when there was none live, else as replaced.
     */
    async rotate(
      caller: Caller,
      input: z.output<typeof ZEnrolSecretRotate>,
    ): Promise<TEnrolSecretMade> {
      const now = clock();
      const group = await groupOf(caller, input.groupId);
      const name = input.name ?? defaultSecretName(group.name, now);
      const { secret, values } = fresh(caller, group.id, name, now);
      const { made, revoked } = await repo.rotate(values, {
        at: new Date(now),
        by: caller.actor.account,
        byId: caller.actor.userId,
      });
      await audit.change(caller, {
        target: group.name,
        after: { name, ...(revoked.length ? { revoked } : {}) },
        note: revoked.length ? 'enrolment secret replaced' : 'enrolment secret made',
      });
      return { ...itemOf(made, 0, now), secret };
    },
  };
}
export type EnrolSecretService = ReturnType<typeof enrolSecretService>;
