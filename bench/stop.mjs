// Issue 40: a stop under load. STOP_ENGINES simulated engines (50,000) enrol and check in at a
// 30 s interval on the embedded database (PGlite, commits synced; BENCH_DB=pg for PostgreSQL);
// after STOP_AFTER_S (60) of check-ins the server is stopped with SIGTERM, as a deployment's
// stop does, while every engine keeps checking in. Printed: how long the close took against the
// server's own limit (packages/server/src/index.ts exits after 10 s whatever is left), and, from
// a server started again on the same data, what the stop left: every enrolled device, and each
// online engine's last-seen time as fresh as the server promises (it writes one at most every
// 60 s a device, so no older than that plus one interval before the stop: the last flush wrote
// what it held).
// Run: node --import tsx bench/stop.mjs (needs `npm ci`).
import { createSimulator } from '../packages/agent/src/index.ts';
import { startFleet } from './lib/fleet.mjs';

const engines = Number(process.env.STOP_ENGINES ?? 50_000);
const afterS = Number(process.env.STOP_AFTER_S ?? 60);
const database = process.env.BENCH_DB === 'pg' ? 'pg' : 'pglite';
const INTERVAL_S = 30;
/** The server's own limit: index.ts exits after 10 s of closing. */
const CLOSE_LIMIT_MS = 10_000;
/** The server writes a device's last-seen time at most this often (LAST_SEEN_REFRESH_MS). */
const REFRESH_S = 60;
/** An engine checks in every interval ±10 %: no last-seen time older than this at the stop. */
const FRESH_S = REFRESH_S + INTERVAL_S * 1.1 + 1;

const env = { FLEET_KEEP_DATA: '1' };
const fleet = await startFleet({ port: 18291, seed: 0, database, env });
/** Settles with the stop's figures once the server has been stopped (at `afterS`). */
let stopAt;
const stopped = new Promise((resolve) => (stopAt = resolve));
let stopping = false;
const sim = createSimulator({
  url: fleet.base,
  secret: fleet.secret,
  count: engines,
  interval: INTERVAL_S,
  enrolConcurrency: 64,
  push: false,
  // Every engine stays online: each one's last-seen time is checked after the stop.
  offlineShare: 0,
  seed: 'bench-stop',
  log: () => {},
  reportSeconds: 30,
  onReport: (report) => {
    console.error(
      `  ${report.elapsedSeconds} s: ${report.window.ok} check-ins, p99 ${report.window.latencyMs.p99} ms`,
    );
    if (stopping || report.elapsedSeconds < afterS) return;
    stopping = true;
    const at = Date.now();
    stopAt(fleet.stop().then((figures) => ({ at, ...figures })));
  },
});
const running = sim.run();
const { at: stoppedAt, closeMs } = await stopped;
sim.stop();
const summary = await running;

const again = await startFleet({ port: 18291, seed: 0, database, again: fleet.reuse });
const left = again.devicesLeft;
await again.stop();

const oldestS = left.oldestSeen ? (stoppedAt - Date.parse(left.oldestSeen)) / 1000 : Infinity;
const closeOk = closeMs < CLOSE_LIMIT_MS;
const allKept = left.total === summary.enrolled && left.neverSeen === 0;
const seenOk = oldestS <= FRESH_S;
console.log(`Stop under load (${database}, ${engines} engines at ${INTERVAL_S} s)`);
console.log(
  `  SIGTERM after ${afterS} s of check-ins: the close took ${closeMs.toFixed(0)} ms  ` +
    `limit ${CLOSE_LIMIT_MS} ms ${closeOk ? 'OK' : 'OVER'}`,
);
console.log(
  `  started again: ${left.total} devices of ${summary.enrolled} enrolled, ${left.neverSeen} never seen  ` +
    `${allKept ? 'OK' : 'LOST'}`,
);
console.log(
  `  oldest last-seen time ${oldestS.toFixed(1)} s before the stop  ` +
    `≤ ${FRESH_S.toFixed(0)} s ${seenOk ? 'OK' : 'LOST'}`,
);
process.exit(closeOk && allKept && seenOk ? 0 : 1);
