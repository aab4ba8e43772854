import type { PGlite } from '@electric-sql/pglite';

/**
 * How long PGlite may run statements back to back before the event loop gets a turn (issue 40).
 * PGlite runs each protocol message synchronously in this process, and a transaction waiting
 * for its lock gets it from the one before as a promise continuation: transactions queued
 * behind one another run as one chain, and no timer, socket or incoming request is served until
 * the last is done. With 64 engines enrolling at once (a transaction each) that chain held the
 * loop for 300–460 ms in every 5 s.
 */
export const PGLITE_TURN_MS = 20;

/**
 * Gives the event loop a turn (`setImmediate`) before a PGlite protocol message once statements
 * have run for `turnMs` since the last turn. The query under way keeps PGlite's own lock across
 * the turn, so no other query can come between its messages; requests, timers and the push
 * streams' writes can.
 */
export function yieldBetweenStatements(client: PGlite, turnMs = PGLITE_TURN_MS): void {
  const raw = client.execProtocolRaw.bind(client);
  let turnAt = performance.now();
  client.execProtocolRaw = async (message, options) => {
    if (performance.now() - turnAt > turnMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      turnAt = performance.now();
    }
    return raw(message, options);
  };
}
