import type { Platform } from './platform/platform.ts';
import type { Services } from './services.ts';
import { elevationExpiryJob } from './console/elevation/index.ts';
import {
  escrowRotationJob,
  incidentContainmentJob,
  kekChangeJob,
  recoveryExpiryJob,
} from './console/keys/index.ts';
import { logCountFoldJob, logMaintenanceJob } from './console/logs/index.ts';
import { notifierJob } from './console/notify/index.ts';
import { reportJob } from './console/reports/index.ts';
import { FLUSH_EVERY_MS, commandJobs, presenceFlushJob } from './engines/index.ts';

/** Dead sessions and expired e-mail codes: swept hourly so the tables hold only what can be used. */
const SWEEP_EVERY_MS = 3_600_000;

/**
 * Every background job of the server, registered in one place on the platform's one runner
 * (platform/jobs): each module says how its job runs (name, interval, lock, stop), this file
 * says which run. app.ts starts them after the routes and stops them before the database closes.
 */
export function registerJobs(p: Pick<Platform, 'jobs' | 'sessions'>, services: Services) {
  const { jobs } = p;
  jobs.register({
    name: 'session-sweep',
    everyMs: SWEEP_EVERY_MS,
    run: async () => {
      await p.sessions.purgeDead();
      await services.emailCodes.purgeExpired();
    },
  });
  // The logs' weeks ahead, cleanup and backups: at start, then hourly (docs/logs.md).
  jobs.register(logMaintenanceJob(services.logMaintenance));
  // The overview's counts: what batches added, folded every second (docs/overview.md).
  jobs.register(logCountFoldJob(services.logCountFolder));
  // Warnings from cause to message, every second (docs/notifications.md).
  jobs.register(notifierJob(services.notifier));
  // Reports: periods that ended and the queue, at start, then every minute (docs/reports.md).
  jobs.register(reportJob(services.reports));
  // Elevation and learning-mode requests nobody reviewed in time: turned expired and told on
  // their device's timeline, at start, then every minute, on every node (docs/elevation.md).
  jobs.register(elevationExpiryJob(services.elevation));
  // A new KEK whose window keys and sealed secrets a stop left under the old one (docs/keys.md).
  jobs.register(kekChangeJob(services.keys));
  // Key recoveries open 24 hours: then expired, their shares forgotten (docs/keys.md).
  jobs.register(recoveryExpiryJob(services.recoveries));
  // An escrow-key rotation with no device left to re-escrow: its old key retired (docs/keys.md).
  jobs.register(escrowRotationJob(services.escrowRotation));
  // Key incidents whose condition holds: contained at start, then every minute (docs/keys.md).
  jobs.register(incidentContainmentJob(services.incidents));
  // Open commands past their deadline ended every second, and which devices have open commands
  // read again every minute, on every node (docs/commands.md).
  for (const job of commandJobs(services.engines.commands)) jobs.register(job);
  // Last-seen times and heartbeat history written in batches every five seconds, and all that
  // is held as the server stops (docs/engines.md).
  jobs.register(presenceFlushJob(services.engines.flusher, FLUSH_EVERY_MS));
}
