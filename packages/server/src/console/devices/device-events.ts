import type { EngineEvents, InstalledLicence } from '../../engines/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { AuditService } from '../audit/index.ts';
import type { DeviceActivityLog } from './device-activity.ts';
import type { DeviceCounts } from './device-counts.ts';
import { deviceCheckInRepository } from './device-checkin-repository.ts';

/** The device centre's part of the engines' `EngineEvents`: what it writes of their devices. */
export type DeviceEvents = Pick<
  EngineEvents,
  | 'secretOwner'
  | 'devicesOfTokens'
  | 'deprecatedByFingerprint'
  | 'deprecatedByKey'
  | 'enrolling'
  | 'reproving'
  | 'enrolled'
  | 'stateChanged'
  | 'seen'
  | 'cameBack'
  | 'hoursSeen'
  | 'changed'
>;

/**
 * What an engine's enrolment and check-ins read and change of its device (issue 36 point 2): the
 * device centre owns `devices`, `device_activity` and the enrolment secrets, and reads and
 * writes them here for the engines context,
 * which tells it through `EngineEvents` (services.ts). Each call is one batch of the engines'.
 */
export function deviceEvents(deps: {
  db: Db;
  audit: Pick<AuditService, 'enrolment'>;
  counts: Pick<DeviceCounts, 'changed'>;
  activity: Pick<DeviceActivityLog, 'enrolled'>;
}) {
  const repo = deviceCheckInRepository(deps.db);
  const events: DeviceEvents = {
    secretOwner: (hash, now) => repo.secretOwner(hash, now),
    devicesOfTokens: (hashes) => repo.authByTokens(hashes),
    deprecatedByFingerprint: (tenantId, fingerprint) =>
      repo.deprecatedByFingerprint(tenantId, fingerprint),
    deprecatedByKey: (key) => repo.deprecatedByKey(key),
    enrolling: (e) => repo.enrol(e),
    reproving: (e) => repo.reprove(e),
    // The tenant's audit log, and the device's activity.
    async enrolled(e) {
      await deps.audit.enrolment(e);
      await deps.activity.enrolled(e);
    },
    stateChanged: (deviceId, state, digest, now, upSince) =>
      repo.writeState(deviceId, state, digest, now, upSince),
    seen: (ids, seenAt, upSince) => repo.writeLastSeen(ids, seenAt, upSince),
    cameBack: (rows) => repo.writeActivity(rows),
    hoursSeen: (ids, days, bits) => repo.markUptime(ids, days, bits),
    changed: (tenantId) => deps.counts.changed(tenantId),
  };
  return {
    ...events,
    /**
     * The licences engines answered they installed, the devices' at once (the commands module
     * calls it when a `licence.install` finishes); answers each change, for the activity.
     */
    licencesInstalled: (installed: InstalledLicence[], now: Date) =>
      repo.writeLicences(installed, now),
  };
}
export type DeviceEventsService = ReturnType<typeof deviceEvents>;
