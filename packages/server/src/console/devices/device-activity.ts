import type { Db } from '../../platform/db/index.ts';
import type { EngineEnrolled } from '../../engines/index.ts';
import type { Caller } from '../access/index.ts';
import { deviceActivityRepository, type ActivityActor } from '../store/index.ts';

/** Who did it, as a device's activity names them: the signed-in user. */
export const actorOf = (caller: Caller): ActivityActor => ({
  userId: caller.actor.userId,
  account: caller.actor.account,
});

/**
 * The activity entries written outside a console session: an engine's enrolment, which reaches
 * the console through the engines' `enrolled` port (services.ts), beside its audit entry.
 */
export function deviceActivityLog({ db }: { db: Db }) {
  const repo = deviceActivityRepository(db);
  return {
    enrolled: (e: EngineEnrolled) => repo.enrolled(e.tenantId, e.deviceId, new Date(e.at)),
  };
}
export type DeviceActivityLog = ReturnType<typeof deviceActivityLog>;
