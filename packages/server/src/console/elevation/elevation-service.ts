import { randomUUID } from 'node:crypto';
import {
  ACK_DEFAULT_SETTINGS,
  windowSeconds,
  type AckKind,
  type AckPhase,
  type AckReviewBar,
  type TAckItem,
  type TAckMineRequest,
  type TAckPage,
  type TAckReviewRequest,
  type TAckSettings,
  type TWindow,
} from '@edp/shared/contracts/elevation';
import { AckErr, CommonErr, ConsoleErr } from '@edp/shared/errors';
import { signWindow } from '@edp/shared/window/console-window';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/errors/index.ts';
import { msUuidCursor, readMsUuidCursor } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { ConsoleKey } from '../../platform/keys/index.ts';
import type { Platform } from '../../platform/platform.ts';
import type { Actor, Caller } from '../access/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { CommandService, SyncService } from '../commands/index.ts';
import { visibleDeviceGroups, type DeviceActivityLog } from '../devices/index.ts';
import { elevationRepository, type ElevationRow } from './elevation-repository.ts';
import { deviceReadModel } from '../store/index.ts';

const HOUR_MS = 3_600_000;
/** Requests turned expired in one statement (and told in one INSERT). */
const EXPIRE_BATCH = 1_000;
/** Batches one run of the expiry job turns at most; the rest wait for its next run. */
const EXPIRE_BATCHES_A_RUN = 20;
/** How often the expiry job looks for requests past their expiry (every tenant's). */
export const ELEVATION_EXPIRY_EVERY_MS = 60_000;

/** Where a request stands now (ZAckItem `phase`). */
export function phaseOf(r: ElevationRow, now: number): AckPhase {
  if (r.state === 'pending') return 'pending';
  // A withdrawal is the one rejection with an end (elevationRepository.withdraw).
  if (r.state === 'rejected')
    return r.endedAt ? 'withdrawn' : r.reviewedById ? 'rejected' : 'expired';
  if (r.endedAt || (r.validUntil && r.validUntil.getTime() <= now)) return 'ended';
  return r.commandState === 'finished' ? 'active' : 'approved';
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A request as the caller reads it: with whether they may review it now and, if not, why (the
 * same rule `check` applies, so a button that would be refused is disabled before anything is
 * typed).
 */
export function elevationItem(r: ElevationRow, now: number, reader: Actor): TAckItem {
  const withdrawn = phaseOf(r, now) === 'withdrawn';
  const person = r.reviewedBy ? { id: r.reviewedById, account: r.reviewedBy } : null;
  const bar = reviewBar(reader, r);
  return {
    id: r.id,
    kind: r.kind,
    state: r.state,
    phase: phaseOf(r, now),
    deviceId: r.deviceId,
    deviceName: r.deviceName,
    reason: r.reason,
    windowS: r.windowS,
    askedBy: { id: r.askedById, account: r.askedBy },
    askedAt: r.askedAt.toISOString(),
    expiresAt: iso(r.expiresAt),
    reviewedBy: withdrawn ? null : person,
    reviewedAt: iso(r.reviewedAt),
    reviewReason: r.reviewReason,
    withdrawnBy: withdrawn ? person : null,
    review: { may: bar === null, bar },
    validFrom: iso(r.validFrom),
    validUntil: iso(r.validUntil),
    endedAt: iso(r.endedAt),
    delivery:
      r.commandId && r.commandState
        ? {
            commandId: r.commandId,
            state: r.commandState,
            code: r.commandCode,
            message: r.commandMessage,
          }
        : null,
  };
}

/** A page position: the last row's time (ms) and id (platform/db page-cursor). */
const cursorOf = (r: ElevationRow) => msUuidCursor(r.askedAt.getTime(), r.id);
function readCursor(c: string | undefined) {
  const k = readMsUuidCursor(c);
  return k && { at: new Date(k.at), id: k.id };
}

/**
 * Would the reviewer be approving their own request? The same person (`own`); a reviewer holding
 * the asker's role by proxy now, as they review (`actsForAsker`); an asker who held the reviewer's
 * role by proxy when asking, as recorded with the request (`askerActedForYou`). Each person's
 * roles count as of the moment they act, so a proxy deleted after the request does not clear the
 * last case: the request is withdrawn and asked again instead (/work/notes/review-decisions.md).
 */
export function selfReview(reviewer: Actor, r: ElevationRow): AckReviewBar | null {
  if (r.askedById === reviewer.userId) return 'own';
  if (r.askedRoleId && reviewer.proxies.some((p) => p.roleId === r.askedRoleId))
    return 'actsForAsker';
  if (reviewer.roleId && r.askedProxyRoleIds.includes(reviewer.roleId)) return 'askerActedForYou';
  return null;
}

/** Why the reviewer may not pass or dismiss the request now, in the order `check` refuses. */
export function reviewBar(reviewer: Actor, r: ElevationRow): AckReviewBar | null {
  return selfReview(reviewer, r) ?? (r.state === 'pending' ? null : 'notPending');
}

/**
 * Elevation and learning mode under review (docs/elevation.md): the asker's requests, the
 * reviewer's list and decision, the window signed by the console's key and carried to the engine
 * by a command that waits for the device until the window closes; adjusting and ending a running
 * window are synchronous commands. Every change is audited.
 */
export function elevationService(
  deps: Pick<Platform, 'db' | 'clock'> & {
    audit: AuditService;
    /** The tenant's window-signing key (console/keys). */
    key: { pair(tenantId: string): ReturnType<ConsoleKey['pair']> };
    /**
     * The commands module, elevation's one way to its engines: a window's command is enqueued
     * with its approval, and adjusting or ending a window, or reading and authorising what
     * learning mode recorded, are synchronous commands.
     */
    commands: Pick<CommandService, 'enqueue' | 'announce'>;
    sync: Pick<SyncService, 'run'>;
    /** Each step of a window goes to its device's activity too (issue 35). */
    activity: DeviceActivityLog;
  },
) {
  const { db, clock, audit, key, commands, sync, activity } = deps;
  const windowOf = (r: Pick<ElevationRow, 'id' | 'tenantId' | 'deviceId' | 'kind'>) => ({
    tenantId: r.tenantId,
    deviceId: r.deviceId,
    request: r.id,
    kind: r.kind,
  });
  const repo = elevationRepository(db);
  const devices = deviceReadModel(db);

  async function settingsOf(tenantId: string): Promise<TAckSettings> {
    return (await repo.settings(tenantId)) ?? ACK_DEFAULT_SETTINGS;
  }

  /**
   * Pending requests past their expiry (a tenant's, or every tenant's) become rejected with no
   * reviewer, and each one's device is told so, in the transaction that turns them: an entry
   * for every expired request, exactly once, whichever read or node turned it. Answers how many.
   */
  async function expire(tenantId: string | null, now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const turned = await elevationRepository(t).expire(tenantId, now, EXPIRE_BATCH);
      await activity.expired(
        turned.map((r) => ({ ...windowOf(r), at: r.expiresAt })),
        t,
      );
      return turned.length;
    });
  }

  /** A request the caller may see (its device in their groups), or 404. */
  async function visible(caller: Caller, id: string) {
    await expire(caller.actor.tenantId, new Date(clock()));
    const row = await repo.find(caller.actor.tenantId, id);
    const groups = await visibleDeviceGroups(db, caller.actor);
    if (!row || (groups && !groups.includes(row.deviceGroupId)))
      throw new AppError(CommonErr.NotFound);
    return row;
  }

  async function sign(r: ElevationRow, validFrom: number, validUntil: number) {
    const { privateKey, publicKey } = await key.pair(r.tenantId);
    return signWindow(
      {
        ver: 1,
        id: r.id,
        kind: r.kind,
        deviceId: r.deviceId,
        fingerprint: r.fingerprint ?? '',
        issuedAt: clock(),
        validFrom,
        validUntil,
      },
      privateKey,
      publicKey,
    );
  }

  async function page(
    caller: Caller,
    q: TAckMineRequest & { from?: Date | undefined; to?: Date | undefined },
    mine: boolean,
  ): Promise<TAckPage> {
    const now = clock();
    await expire(caller.actor.tenantId, new Date(now));
    const { rows, more } = await repo.page({
      tenantId: caller.actor.tenantId,
      askedById: mine ? caller.actor.userId : undefined,
      groupIds: await visibleDeviceGroups(db, caller.actor),
      state: q.state,
      kind: q.kind,
      deviceId: q.deviceId,
      from: q.from,
      to: q.to,
      after: readCursor(q.cursor),
      limit: q.pageSize,
    });
    return {
      list: rows.map((r) => elevationItem(r, now, caller.actor)),
      next: more && rows.length ? cursorOf(rows[rows.length - 1]!) : null,
    };
  }

  /** A running window of the caller's groups, for adjust and offLm. */
  async function running(caller: Caller, id: string, kind?: AckKind) {
    const row = await visible(caller, id);
    if ((kind && row.kind !== kind) || phaseOf(row, clock()) !== 'active')
      throw new AppError(AckErr.NotRunning);
    return row;
  }

  return {
    /**
     * Every tenant's pending requests past their expiry, turned and told (the expiry job): so a
     * request nobody reviews is told on its device's timeline, and its review warning closes,
     * whether or not anyone reads the requests. Answers how many it turned.
     */
    async expireDue(signal?: AbortSignal): Promise<number> {
      let total = 0;
      for (let i = 0; i < EXPIRE_BATCHES_A_RUN && !signal?.aborted; i++) {
        const n = await expire(null, new Date(clock()));
        total += n;
        if (n < EXPIRE_BATCH) break;
      }
      return total;
    },

    async ask(
      caller: Caller,
      kind: AckKind,
      input: { deviceId: string; window: TWindow; reason: string },
    ) {
      const { actor } = caller;
      const found = await devices.findById(actor.tenantId, input.deviceId);
      if (!found || found.device.status !== 'running') throw new AppError(CommonErr.NotFound);
      const groups = await visibleDeviceGroups(db, actor);
      if (groups && !groups.includes(found.device.groupId))
        throw new AppError(ConsoleErr.DeviceHidden);
      if (!found.device.fingerprint) throw new AppError(AckErr.NoEngine);
      const settings = await settingsOf(actor.tenantId);
      const windowS = windowSeconds(input.window);
      if (windowS > settings.maxWindowS)
        throw new AppError(AckErr.WindowTooLong, { seconds: settings.maxWindowS });
      const now = clock();
      const id = await repo.insert({
        tenantId: actor.tenantId,
        deviceId: found.device.id,
        kind,
        reason: input.reason,
        windowS,
        askedById: actor.userId,
        askedBy: actor.account,
        askedRoleId: actor.roleId,
        askedProxyRoleIds: actor.proxies.map((p) => p.roleId),
        now: new Date(now),
        expiresAt: settings.pendingExpiryHours
          ? new Date(now + settings.pendingExpiryHours * HOUR_MS)
          : null,
      });
      if (!id) throw new AppError(AckErr.AlreadyPending);
      await activity.asked(
        { tenantId: actor.tenantId, deviceId: found.device.id, request: id, kind },
        caller,
        windowS,
        new Date(now),
      );
      await audit.change(caller, {
        target: found.device.name,
        devices: [{ id: found.device.id, name: found.device.name }],
        after: { request: id, kind, windowS, reason: input.reason },
      });
      return { id };
    },

    mine: (caller: Caller, q: TAckMineRequest) => page(caller, q, true),
    reviewList: (caller: Caller, q: TAckReviewRequest) => page(caller, q, false),

    async info(caller: Caller, id: string): Promise<TAckItem> {
      return elevationItem(await visible(caller, id), clock(), caller.actor);
    },

    /**
     * Withdraws a pending request before review: the asker, or anyone who may ask for its device
     * (its group is theirs), so that a request nobody may review (its reviewers barred by a proxy
     * held when asking) does not stand until it expires, and the device may be asked for again.
     */
    async withdraw(caller: Caller, id: string) {
      const row = await visible(caller, id);
      if (row.state !== 'pending') throw new AppError(AckErr.NotPending);
      const at = new Date(clock());
      const ok = await repo.withdraw({
        tenantId: caller.actor.tenantId,
        id: row.id,
        byId: caller.actor.userId,
        by: caller.actor.account,
        now: at,
      });
      if (!ok) throw new AppError(AckErr.NotPending);
      await activity.closed(windowOf(row), caller, 'withdrawn', at);
      await audit.change(caller, {
        target: row.deviceName,
        devices: [{ id: row.deviceId, name: row.deviceName }],
        before: { state: 'pending' },
        after: { request: row.id, kind: row.kind, state: 'withdrawn', askedBy: row.askedBy },
      });
      return elevationItem(
        (await repo.find(caller.actor.tenantId, row.id))!,
        clock(),
        caller.actor,
      );
    },

    /** Pass or dismiss. Nobody reviews their own request, by proxy included. */
    async check(caller: Caller, input: { id: string; approve: boolean; reason: string }) {
      const row = await visible(caller, input.id);
      if (selfReview(caller.actor, row)) throw new AppError(AckErr.OwnRequest);
      if (row.state !== 'pending') throw new AppError(AckErr.NotPending);
      const now = clock();
      const reviewer = {
        tenantId: caller.actor.tenantId,
        id: row.id,
        reviewerId: caller.actor.userId,
        reviewer: caller.actor.account,
        reason: input.reason,
        now: new Date(now),
      };
      const named = {
        target: row.deviceName,
        devices: [{ id: row.deviceId, name: row.deviceName }],
      };
      if (!input.approve) {
        if (!(await repo.reject(reviewer))) throw new AppError(AckErr.NotPending);
        await activity.closed(windowOf(row), caller, 'rejected', reviewer.now);
        await audit.change(caller, {
          ...named,
          before: { state: 'pending' },
          after: { request: row.id, kind: row.kind, state: 'rejected', reason: input.reason },
        });
      } else {
        const validUntil = now + row.windowS * 1000;
        const window = await sign(row, now, validUntil);
        // The command waits for the device until the window closes: an engine offline now gets
        // it at its next check-in, and none gets it once it would be over. It is made in the
        // transaction that approves, so a window approved has its command and no other does.
        const commandId = randomUUID();
        const ok = await db.transaction(async (tx) => {
          const t = tx as unknown as Db;
          const device = await elevationRepository(t).approve({
            ...reviewer,
            validFrom: new Date(now),
            validUntil: new Date(validUntil),
            commandId,
          });
          if (!device) return false;
          await commands.enqueue(
            [
              {
                id: commandId,
                tenantId: device.tenantId,
                deviceId: device.deviceId,
                type: 'window.open',
                args: { window },
                createdBy: reviewer.reviewer,
                deadline: new Date(validUntil),
              },
            ],
            t,
          );
          return true;
        });
        if (!ok) throw new AppError(AckErr.NotPending);
        await activity.approved(windowOf(row), caller, reviewer.now, new Date(validUntil));
        commands.announce([row.deviceId]);
        await audit.change(caller, {
          ...named,
          before: { state: 'pending' },
          after: {
            request: row.id,
            kind: row.kind,
            state: 'approved',
            reason: input.reason,
            validUntil: new Date(validUntil).toISOString(),
          },
        });
      }
      return elevationItem(
        (await repo.find(caller.actor.tenantId, row.id))!,
        clock(),
        caller.actor,
      );
    },

    /** What learning mode recorded on the device, as its engine answers now. */
    learned: (caller: Caller, deviceId: string) => sync.run(caller, deviceId, 'learning.list', {}),

    /** Programs learning mode recorded, authorised in one step by the engine. */
    authoriseLearned: (caller: Caller, deviceId: string, paths: string[]) =>
      sync.run(caller, deviceId, 'learning.authorise', { paths }),

    settings: (caller: Caller) => settingsOf(caller.actor.tenantId),

    async setSettings(caller: Caller, s: TAckSettings) {
      const before = await settingsOf(caller.actor.tenantId);
      await repo.saveSettings(caller.actor.tenantId, s);
      await audit.change(caller, { target: '', before, after: s });
      return s;
    },

    /**
     * A running window's new length from now, never past what was approved (0 ends it). The
     * engine takes the window signed again with the new end, while the caller waits.
     */
    async adjust(caller: Caller, input: { id: string; window: TWindow }) {
      const row = await running(caller, input.id);
      const now = clock();
      const until = now + windowSeconds(input.window) * 1000;
      if (until > row.validUntil!.getTime()) throw new AppError(AckErr.LongerThanApproved);
      const window = await sign(row, row.validFrom!.getTime(), until);
      const ended = until <= now ? new Date(now) : null;
      await sync.run(
        caller,
        row.deviceId,
        'window.adjust',
        { window },
        {
          request: row.id,
          kind: row.kind,
          validUntil: new Date(until).toISOString(),
        },
      );
      await repo.adjust(caller.actor.tenantId, row.id, new Date(until), ended);
      await activity.adjusted(windowOf(row), caller, new Date(now), new Date(until));
      return elevationItem(
        (await repo.find(caller.actor.tenantId, row.id))!,
        clock(),
        caller.actor,
      );
    },

    /**
     * Ends the device's open windows now, for a key incident (console/keys: a device
     * compromised): each signed again to end now and sent as a command that waits for the
     * device until the window would have ended, and ended here at once, online or not. The
     * caller is the key manager who declared the incident. Answers the requests' ids.
     */
    async endDeviceWindows(caller: Caller, deviceId: string): Promise<string[]> {
      const now = clock();
      const at = new Date(now);
      const rows = await repo.openWindowsOf(caller.actor.tenantId, deviceId, at);
      for (const row of rows) {
        const window = await sign(row, row.validFrom!.getTime(), now);
        await commands.enqueue([
          {
            tenantId: row.tenantId,
            deviceId: row.deviceId,
            type: 'window.adjust',
            args: { window },
            createdBy: caller.actor.account,
            deadline: row.validUntil!,
          },
        ]);
        await repo.adjust(row.tenantId, row.id, at, at);
        await activity.adjusted(windowOf(row), caller, at, at);
      }
      return rows.map((r) => r.id);
    },

    /** Ends learning mode now (its window signed again to end now). */
    async endLearning(caller: Caller, id: string) {
      const row = await running(caller, id, 'learning');
      const now = clock();
      const window = await sign(row, row.validFrom!.getTime(), now);
      await sync.run(
        caller,
        row.deviceId,
        'window.adjust',
        { window },
        {
          request: row.id,
          kind: row.kind,
          ended: true,
        },
      );
      await repo.adjust(caller.actor.tenantId, row.id, new Date(now), new Date(now));
      await activity.adjusted(windowOf(row), caller, new Date(now), new Date(now));
      return elevationItem(
        (await repo.find(caller.actor.tenantId, row.id))!,
        clock(),
        caller.actor,
      );
    },
  };
}
export type ElevationService = ReturnType<typeof elevationService>;

/**
 * The expiry job (jobs.ts): every node may run it, each request is turned and told once (the
 * repository skips a row another node is turning).
 */
export const ELEVATION_EXPIRY_JOB = 'elevation-expiry';
export const elevationExpiryJob = (acks: Pick<ElevationService, 'expireDue'>): JobDefinition => ({
  name: ELEVATION_EXPIRY_JOB,
  everyMs: ELEVATION_EXPIRY_EVERY_MS,
  atStart: true,
  run: (signal) => acks.expireDue(signal),
});
