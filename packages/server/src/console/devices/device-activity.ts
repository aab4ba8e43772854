import type { TDeviceActivityDetail } from '@edp/shared/contracts/devices';
import type { AckKind } from '@edp/shared/contracts/elevation';
import { errorMessage, type Locale } from '@edp/shared/errors';
import type { Db } from '../../platform/db/index.ts';
import type { CommandsEnded, EngineEnrolled } from '../../engines/index.ts';
import type { Caller } from '../access/index.ts';
import { deviceActivityRepository, type ActivityActor } from './device-activity-repository.ts';
import { endedEntries } from './device-activity-entries.ts';

/** Who did it, as a device's activity names them: the signed-in user. */
export const actorOf = (caller: Caller): ActivityActor => ({
  userId: caller.actor.userId,
  account: caller.actor.account,
});

/**
 * An entry's detail as the reader reads it: a failure's code in their words, from the errCode
 * catalogue at read time (the stored entry keeps the code, so either language reads it).
 */
export function readDetail(d: TDeviceActivityDetail, locale: Locale): TDeviceActivityDetail {
  const c = d.command;
  if (c && c.state === 'failed' && c.code !== null)
    return { ...d, command: { ...c, reason: errorMessage(c.code, locale) } };
  const w = d.window;
  if (w && w.step === 'notStarted' && typeof w.code === 'number')
    return { ...d, window: { ...w, reason: errorMessage(w.code, locale) } };
  return d;
}

/** A window of one device, as the elevation service tells its steps. */
export interface WindowOf {
  tenantId: string;
  deviceId: string;
  /** The request's id. */
  request: string;
  kind: AckKind;
}

/**
 * The activity entries written outside the devices' own calls: an engine's enrolment, which
 * reaches the console through the engines' `EngineEvents` (`enrolled`); the commands that
 * ended and the licences they installed, which the commands module tells once a batch of results
 * (`commandsEnded`), one statement a batch; and the steps of elevation and learning-mode windows, from the elevation service
 * (a batch of expired requests in one statement too).
 * This module alone writes the device's activity for them (issue 36: each table its owner).
 */
export function deviceActivityLog({ db }: { db: Db }) {
  const repo = deviceActivityRepository(db);
  const window = (w: WindowOf) => ({ request: w.request, kind: w.kind });
  return {
    enrolled: (e: EngineEnrolled) => repo.enrolled(e.tenantId, e.deviceId, new Date(e.at)),

    /** A batch of ended commands: one INSERT for all its entries (none when nothing changed). */
    async commandsEnded(e: CommandsEnded) {
      const { entries, unopened } = endedEntries(e);
      await repo.insert(entries);
      await repo.dropWindowEnds(unopened);
    },

    /** Asked for: how long. */
    asked: (w: WindowOf, caller: Caller, seconds: number, at: Date) =>
      repo.insert([
        {
          tenantId: w.tenantId,
          deviceId: w.deviceId,
          at,
          kind: 'window',
          actor: actorOf(caller),
          detail: { window: { ...window(w), step: 'asked', seconds } },
        },
      ]),

    /** Rejected by a reviewer, or withdrawn before review. */
    closed: (w: WindowOf, caller: Caller, step: 'rejected' | 'withdrawn', at: Date) =>
      repo.insert([
        {
          tenantId: w.tenantId,
          deviceId: w.deviceId,
          at,
          kind: 'window',
          actor: actorOf(caller),
          detail: { window: { ...window(w), step } },
        },
      ]),

    /**
     * Requests that expired with nobody reviewing them: one entry each, dated when it expired,
     * by no one (the console's clock), in one INSERT for the batch. `within` is the transaction
     * that turned them, so that a request is told exactly when it is turned.
     */
    expired: (requests: (WindowOf & { at: Date })[], within?: Db) =>
      (within ? deviceActivityRepository(within) : repo).insert(
        requests.map((w) => ({
          tenantId: w.tenantId,
          deviceId: w.deviceId,
          at: w.at,
          kind: 'window' as const,
          actor: null,
          detail: { window: { ...window(w), step: 'expired' as const } },
        })),
      ),

    /**
     * Approved until `until`. Its end is known now and written ahead, at `until`, by the engine
     * (which closes the window itself): the timeline reads it once that time has come, and an
     * adjustment moves it (`adjusted`). Nothing runs at the end to write it then.
     */
    approved: (w: WindowOf, caller: Caller, at: Date, until: Date) =>
      repo.insert([
        {
          tenantId: w.tenantId,
          deviceId: w.deviceId,
          at,
          kind: 'window',
          actor: actorOf(caller),
          detail: { window: { ...window(w), step: 'approved', until: until.toISOString() } },
        },
        {
          tenantId: w.tenantId,
          deviceId: w.deviceId,
          at: until,
          kind: 'window',
          actor: null,
          detail: { window: { ...window(w), step: 'ended' } },
        },
      ]),

    /**
     * A running window given another end: ended now by the caller (its end written ahead moves
     * to now, by them), or adjusted (an entry, and the end moves to the new one).
     */
    async adjusted(w: WindowOf, caller: Caller, at: Date, until: Date) {
      const endsNow = until.getTime() <= at.getTime();
      if (!endsNow)
        await repo.insert([
          {
            tenantId: w.tenantId,
            deviceId: w.deviceId,
            at,
            kind: 'window',
            actor: actorOf(caller),
            detail: { window: { ...window(w), step: 'adjusted', until: until.toISOString() } },
          },
        ]);
      await repo.moveWindowEnd(
        w.deviceId,
        w.request,
        endsNow ? at : until,
        endsNow ? actorOf(caller) : null,
        at,
      );
    },
  };
}
export type DeviceActivityLog = ReturnType<typeof deviceActivityLog>;
