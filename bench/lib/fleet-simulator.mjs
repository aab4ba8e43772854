import { createSimulator } from '../../packages/agent/src/index.ts';

/**
 * The simulator (packages/agent) driving a fleet server's engines as the command benches do:
 * enrolled with the fleet's secret, 64 at once, none going offline on purpose, quiet; `options`
 * add to or replace these.
 */
export function fleetSimulator(fleet, options) {
  return createSimulator({
    url: fleet.base,
    secret: fleet.secret,
    offlineShare: 0,
    enrolConcurrency: 64,
    log: () => {},
    ...options,
  });
}

/**
 * On an uncaught error the simulator and the fleet server stop and the bench exits 1;
 * `current()` answers both as they are then (a bench may have started a fleet again).
 */
export function stopOnCrash(current) {
  process.on('uncaughtException', (err) => {
    console.error(err);
    const { fleet, sim } = current();
    sim?.stop();
    void fleet.stop().finally(() => process.exit(1));
  });
}
