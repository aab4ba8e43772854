import { randomBytes, randomUUID } from 'node:crypto';
import type {
  IncidentKind,
  IncidentState,
  TIncident,
  TIncidentDeclare,
  TKeySplit,
  TSplit,
} from '@edp/shared/contracts/keys';
import { CommonErr, ConsoleErr, KeyErr } from '@edp/shared/errors';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { visibleGroupIds, type Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import { keysReadModel } from '../store/index.ts';
import { personOf, type Person } from './key-people.ts';
import { msUuidCursor, readMsUuidCursor } from '../../platform/db/index.ts';
import { keysRepository } from './keys-repository.ts';
import {
  incidentRepository,
  type IncidentEventRow,
  type IncidentRow,
  type NewIncidentEvent,
} from './incident-repository.ts';

/**
 * What an incident's action calls (docs/keys.md "Incidents"): the split of key-service, the
 * rotations, and the elevation module's end of a device's windows. Each `…Affected` counts what
 * its rotation has still to reach, now.
 */
export interface IncidentActions {
  split(caller: Caller, input: TKeySplit): Promise<TSplit>;
  rotateEscrow(caller: Caller): Promise<unknown>;
  escrowRotationAffected(tenantId: string): Promise<number>;
  /** A task rotating these devices' data keys. */
  rotateDevices(
    caller: Caller,
    input: { deviceIds: string[]; reason: string },
  ): Promise<{ id: string }>;
  deviceRotationAffected(tenantId: string, taskId: string): Promise<number>;
  rotateWindowKey(caller: Caller, opts: { revoke: boolean }): Promise<unknown>;
  windowRotationAffected(tenantId: string): Promise<number>;
  /** The device's open elevation and learning windows ended now: the requests' ids. */
  endDeviceWindows(caller: Caller, deviceId: string): Promise<string[]>;
}

/** One warning of an incident to the tenant's warning channels: whether it was queued. */
export type IncidentWarn = (w: {
  tenantId: string;
  incidentId: string;
  kind: IncidentKind;
  label: string;
  at: Date;
}) => Promise<boolean>;

export interface IncidentDeps {
  db: Db;
  clock: () => number;
  audit: Pick<AuditService, 'change'>;
  actions: IncidentActions;
  warn: IncidentWarn;
}

/** Open incidents the containment job looks at in one run. */
const CONTAIN_BATCH = 500;
export const INCIDENT_CONTAINMENT_EVERY_MS = 60_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

let lastMs = 0;
let seq = 0;
/**
 * A timeline entry's id, ordered as it was written (a UUID v7: time, then a counter): entries
 * written in one millisecond (declared, its action, the warning) read back in that order.
 */
function eventId(atMs: number) {
  if (atMs > lastMs) [lastMs, seq] = [atMs, 0];
  else seq = (seq + 1) & 0xfff;
  const hex = lastMs.toString(16).padStart(12, '0');
  const rand = randomBytes(8);
  rand[0] = (rand[0]! & 0x3f) | 0x80;
  const tail = rand.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8)}-7${seq.toString(16).padStart(3, '0')}-${tail.slice(0, 4)}-${tail.slice(4)}`;
}
/** A timeline's detail of what the console did: ids and counts as JSON, never key material. */
const facts = (o: Record<string, unknown>) => JSON.stringify(o);

/**
 * Key incidents (docs/keys.md "Incidents"): declared by a key manager, their action started at
 * once, the key managers warned; each open until its condition holds (read, or the job), then a
 * key manager closes it with a note. Every step is on its timeline; declare, note and close are
 * audited. No timeline entry, answer or audit entry carries key material.
 */
export function incidentService(deps: IncidentDeps) {
  const { db, clock, audit, actions } = deps;
  const repo = incidentRepository(db);
  const keysRepo = keysRepository(db);
  const reads = keysReadModel(db);

  const event = (
    row: Pick<IncidentRow, 'id' | 'tenantId'>,
    e: IncidentEventRow['event'],
    detail: string,
    by: Person | null,
    at: Date,
  ): NewIncidentEvent => ({
    id: eventId(at.getTime()),
    incidentId: row.id,
    tenantId: row.tenantId,
    at,
    byId: by?.id ?? null,
    by: by?.account ?? null,
    byName: by?.name ?? null,
    event: e,
    detail,
  });

  /** What its action has still to reach, now (0 once contained or closed). */
  async function affected(r: IncidentRow): Promise<number> {
    if (r.state !== 'open') return 0;
    switch (r.kind) {
      case 'share':
        return 0;
      case 'escrowKey':
        return actions.escrowRotationAffected(r.tenantId);
      case 'windowKey':
        return actions.windowRotationAffected(r.tenantId);
      case 'device':
        return r.taskId ? actions.deviceRotationAffected(r.tenantId, r.taskId) : 0;
    }
  }

  /** Whether its condition holds now (docs/keys.md's table). */
  async function holds(r: IncidentRow, count: number) {
    if (r.kind === 'share') return !!r.holderId && repo.activeSplitWithout(r.tenantId, r.holderId);
    return count === 0;
  }

  /** The incident as read: contained now if its condition holds; with its live count. */
  async function settle(r: IncidentRow): Promise<{ row: IncidentRow; affected: number }> {
    const count = await affected(r);
    if (r.state !== 'open' || !(await holds(r, count))) return { row: r, affected: count };
    const at = new Date(clock());
    await repo.contain(r, event(r, 'contained', facts({ affected: 0 }), null, at));
    return { row: (await repo.find(r.tenantId, r.id))!, affected: 0 };
  }

  function itemOf(r: IncidentRow, count: number, events: IncidentEventRow[]): TIncident {
    return {
      id: r.id,
      kind: r.kind,
      state: r.state,
      note: r.note,
      holder:
        r.holderId && r.holderAccount
          ? { id: r.holderId, account: r.holderAccount, name: r.holderName ?? '' }
          : null,
      device: r.deviceId ? { id: r.deviceId, name: r.deviceName ?? '' } : null,
      declaredBy: { id: r.declaredById ?? '', account: r.declaredBy, name: r.declaredByName },
      declaredAt: r.declaredAt.toISOString(),
      containedAt: iso(r.containedAt),
      closedAt: iso(r.closedAt),
      affected: count,
      timeline: events
        .filter((e) => e.incidentId === r.id)
        .map((e) => ({
          at: e.at.toISOString(),
          by: e.byId ? { id: e.byId, account: e.by ?? '', name: e.byName ?? '' } : null,
          event: e.event as TIncident['timeline'][number]['event'],
          detail: e.detail,
        })),
    };
  }

  /** The devices of these ids in the caller's groups (null: the caller sees every group). */
  async function seenDevices(caller: Caller, ids: string[]) {
    const groupIds = await visibleGroupIds(db, caller.actor);
    if (!groupIds) return null;
    const rows = await reads.devicesOf({ tenantId: caller.actor.tenantId, groupIds }, ids, clock());
    return new Set(rows.map((d) => d.id));
  }
  /** A device incident is the caller's only while its device is in their groups. */
  const shown = (r: IncidentRow, seen: Set<string> | null) =>
    r.kind !== 'device' || !seen || (!!r.deviceId && seen.has(r.deviceId));

  async function visible(caller: Caller, id: string) {
    const r = await repo.find(caller.actor.tenantId, id);
    const seen =
      r?.kind === 'device' ? await seenDevices(caller, r.deviceId ? [r.deviceId] : []) : null;
    if (!r || !shown(r, seen)) throw new AppError(CommonErr.NotFound);
    return r;
  }

  async function view(caller: Caller, id: string): Promise<TIncident> {
    const { row, affected: n } = await settle(await visible(caller, id));
    return itemOf(row, n, await repo.eventsOf([row.id]));
  }

  /** A device of the caller's groups, else refused as the other key calls refuse one. */
  async function deviceOf(caller: Caller, deviceId: string) {
    const tenantId = caller.actor.tenantId;
    const groupIds = await visibleGroupIds(db, caller.actor);
    const [d] = await reads.devicesOf({ tenantId, groupIds }, [deviceId], clock());
    if (d) return d;
    const [any] = await reads.devicesOf({ tenantId, groupIds: null }, [deviceId], clock());
    throw new AppError(any ? ConsoleErr.DeviceHidden : CommonErr.NotFound);
  }

  /** The holder of a lost share: one of the active split's holders, left out of the new split. */
  async function shareHolder(caller: Caller, named: string, split: TKeySplit): Promise<Person> {
    const tenantId = caller.actor.tenantId;
    const [active] = await keysRepo.splits(tenantId, ['active']);
    const shares = active ? await keysRepo.sharesOf([active.id]) : [];
    const s = shares.find((h) => h.holderId === named || h.holderAccount === named);
    if (!s) throw new AppError(KeyErr.IncidentNotHolder);
    const holder = { id: s.holderId, account: s.holderAccount, name: s.holderName };
    if (split.holders.some((h) => h === holder.id || h === holder.account))
      throw new AppError(KeyErr.IncidentHolderInSplit);
    const others = (await reads.keyManagers(tenantId)).filter((m) => m.id !== holder.id);
    if (others.length < 2) throw new AppError(KeyErr.IncidentTooFewManagers);
    return holder;
  }

  /** The action of its kind, started: the incident's columns it fills and what it did. */
  async function start(caller: Caller, input: TIncidentDeclare) {
    const tenantId = caller.actor.tenantId;
    switch (input.kind) {
      case 'share': {
        const holder = await shareHolder(caller, input.holderId, input.split);
        const split = await actions.split(caller, input.split);
        return {
          columns: {
            holderId: holder.id,
            holderAccount: holder.account,
            holderName: holder.name,
            splitId: split.id,
          },
          did: {
            splitId: split.id,
            threshold: split.threshold,
            holders: split.holders.map((h) => h.account),
          },
          label: holder.account,
        };
      }
      case 'escrowKey': {
        const before = await keysRepo.currentEscrowKey(tenantId);
        await actions.rotateEscrow(caller);
        const after = await keysRepo.currentEscrowKey(tenantId);
        return {
          columns: { replacedKeyId: before?.id ?? null },
          did: { escrowKeyId: after?.id ?? null, replacedKeyId: before?.id ?? null },
          label: '',
        };
      }
      case 'device': {
        const d = await deviceOf(caller, input.deviceId);
        const { id: taskId } = await actions.rotateDevices(caller, {
          deviceIds: [d.id],
          reason: input.note.slice(0, 200),
        });
        const windows = await actions.endDeviceWindows(caller, d.id);
        return {
          columns: { deviceId: d.id, deviceName: d.name, taskId },
          did: { taskId, windowsEnded: windows.length, windows },
          label: d.name,
        };
      }
      case 'windowKey': {
        await actions.rotateWindowKey(caller, { revoke: true });
        return { columns: {}, did: { revoke: true }, label: '' };
      }
    }
  }

  /** Every open incident whose condition holds now contained (the job); answers how many. */
  async function containDue(signal?: AbortSignal): Promise<number> {
    let n = 0;
    for (const r of await repo.open(CONTAIN_BATCH)) {
      if (signal?.aborted) break;
      if ((await settle(r)).row.state === 'contained') n++;
    }
    return n;
  }

  return {
    async declare(caller: Caller, input: TIncidentDeclare): Promise<TIncident> {
      const me = personOf(caller.actor);
      const tenantId = caller.actor.tenantId;
      if (!(await keysRepo.tenantKey(tenantId))) throw new AppError(KeyErr.NotInitialised);
      const started = await start(caller, input);
      const at = new Date(clock());
      const row = {
        id: randomUUID(),
        tenantId,
        kind: input.kind,
        state: 'open' as const,
        note: input.note,
        ...started.columns,
        declaredById: me.id,
        declaredBy: me.account,
        declaredByName: me.name,
        declaredAt: at,
      };
      await repo.add(row, [
        event(row, 'declared', input.note, me, at),
        event(row, 'actionStarted', facts(started.did), me, at),
      ]);
      const queued = await deps.warn({
        tenantId,
        incidentId: row.id,
        kind: input.kind,
        label: started.label,
        at,
      });
      await repo.addEvents([event(row, 'warned', facts({ queued }), null, new Date(clock()))]);
      await audit.change(caller, {
        target: row.id,
        after: { id: row.id, kind: input.kind, note: input.note, action: started.did },
        ...(row.deviceId ? { devices: [{ id: row.deviceId, name: row.deviceName! }] } : {}),
      });
      return view(caller, row.id);
    },

    async list(caller: Caller, q: { state?: IncidentState; cursor?: string; size: number }) {
      const c = readMsUuidCursor(q.cursor);
      const rows = await repo.page(caller.actor.tenantId, {
        state: q.state,
        before: c && { at: new Date(c.at), id: c.id },
        size: q.size,
      });
      const deviceIds = [...new Set(rows.flatMap((r) => (r.deviceId ? [r.deviceId] : [])))];
      const seen = await seenDevices(caller, deviceIds);
      const settled = await Promise.all(rows.filter((r) => shown(r, seen)).map(settle));
      // Read after settling, so a `contained` written now is in the timeline answered.
      const events = await repo.eventsOf(settled.map((s) => s.row.id));
      const last = rows.at(-1);
      return {
        items: settled
          .filter((s) => !q.state || s.row.state === q.state)
          .map((s) => itemOf(s.row, s.affected, events)),
        next:
          last && rows.length === q.size ? msUuidCursor(last.declaredAt.getTime(), last.id) : null,
      };
    },

    async note(caller: Caller, input: { id: string; note: string }): Promise<TIncident> {
      const r = await visible(caller, input.id);
      if (r.state === 'closed') throw new AppError(KeyErr.IncidentClosed);
      await repo.addEvents([
        event(r, 'note', input.note, personOf(caller.actor), new Date(clock())),
      ]);
      await audit.change(caller, {
        target: r.id,
        note: 'note',
        after: { id: r.id, note: input.note },
      });
      return view(caller, r.id);
    },

    async close(caller: Caller, input: { id: string; note: string }): Promise<TIncident> {
      const { row: r } = await settle(await visible(caller, input.id));
      if (r.state === 'closed') throw new AppError(KeyErr.IncidentClosed);
      const at = new Date(clock());
      if (!(await repo.close(r, event(r, 'closed', input.note, personOf(caller.actor), at))))
        throw new AppError(KeyErr.IncidentNotContained);
      await audit.change(caller, {
        target: r.id,
        before: { state: r.state },
        after: { id: r.id, state: 'closed', note: input.note },
      });
      return view(caller, r.id);
    },

    containDue,
  };
}
export type IncidentService = ReturnType<typeof incidentService>;

export const INCIDENT_CONTAINMENT_JOB = 'key-incident-containment';
/** Open incidents whose condition holds: contained at start, then every minute, on any node. */
export const incidentContainmentJob = (
  incidents: Pick<IncidentService, 'containDue'>,
): JobDefinition => ({
  name: INCIDENT_CONTAINMENT_JOB,
  everyMs: INCIDENT_CONTAINMENT_EVERY_MS,
  atStart: true,
  run: (signal) => incidents.containDue(signal),
});
