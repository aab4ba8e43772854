import { embeddedAutovacuum } from './platform/db/index.ts';
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

/** The embedded database's autovacuum pass: one table at most each time (platform/db). */
const AUTOVACUUM_EVERY_MS = 10_000;

/** An upkeep pass longer than this is logged as a warning (issue 40's stall budget). */
const UPKEEP_SLOW_MS = 200;

/** How often, at most, the log says that more engines are online than PGlite holds. */
const EMBEDDED_WARN_EVERY_MS = 3_600_000;

/**
 * Every background job of the server, registered in one place on the platform's one runner
 * (platform/jobs): each module says how its job runs (name, interval, lock, stop), this file
 * says which run. app.ts starts them after the routes and stops them before the database closes.
 */
export function registerJobs(
  p: Pick<Platform, 'jobs' | 'sessions' | 'database' | 'log' | 'clock' | 'config'>,
  services: Services,
) {
  const { jobs } = p;
  if (p.database.driver === 'pglite') registerEmbeddedJobs(p, services);
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

/**
 * The embedded database's own upkeep: PGlite has no autovacuum (issue 40), so a pass every ten
 * seconds analyzes or vacuums the one table most past autovacuum's thresholds, and a fleet past
 * what it holds (PGLITE_ENGINES_MAX) is told in the log, at most once an hour.
 */
function registerEmbeddedJobs(
  p: Pick<Platform, 'jobs' | 'database' | 'log' | 'clock' | 'config'>,
  services: Services,
) {
  const autovacuum = embeddedAutovacuum(p.database.db);
  const max = p.config.PGLITE_ENGINES_MAX;
  let warnedAt = -Infinity;
  p.jobs.register({
    name: 'embedded-autovacuum',
    everyMs: AUTOVACUUM_EVERY_MS,
    atStart: true,
    run: async () => {
      const done = await autovacuum.pass();
      if (done) {
        // A pass holds the server's thread for as long as it runs: one past the loop's budget is
        // a sign that the embedded database is outgrowing itself.
        const slow = done.ms > UPKEEP_SLOW_MS;
        p.log[slow ? 'warn' : 'debug'](
          { ...done, ms: Math.round(done.ms) },
          slow ? 'embedded database upkeep held the server' : 'embedded database upkeep',
        );
      }
      const now = p.clock();
      const online = services.engines.online(now);
      if (online > max && now - warnedAt >= EMBEDDED_WARN_EVERY_MS) {
        warnedAt = now;
        p.log.warn(
          { online, max },
          'more engines online than the embedded database holds: set DATABASE_URL to a PostgreSQL server (README, "How many engines")',
        );
      }
    },
  });
}
