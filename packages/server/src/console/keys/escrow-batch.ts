import type { EscrowedRow } from './escrow-repository.ts';

/** How long a key waits for others to be written with it, and the most written at once. */
export const ESCROW_BATCH_WAIT_MS = 20;
export const ESCROW_BATCH_MAX = 500;

/**
 * The keys engines send (`POST /api/agent/keys`) written many engines' at a time: when a
 * tenant's keys are initialised or its escrow key rotated, every engine sends its key within one
 * check-in interval (3,300 calls a second at 100,000 engines and 30 s), and two statements a
 * call kept the database's connections full, check-ins queued behind them (bench/escrow.mjs).
 * A call's keys are acknowledged once the batch holding them is written.
 */
export function escrowBatch(
  write: (rows: EscrowedRow[], now: Date) => Promise<void>,
  clock: () => number,
) {
  let rows: EscrowedRow[] = [];
  let waiting: { resolve: () => void; reject: (err: unknown) => void }[] = [];
  let timer: NodeJS.Timeout | undefined;

  function flush() {
    clearTimeout(timer);
    timer = undefined;
    const batch = rows;
    const callers = waiting;
    rows = [];
    waiting = [];
    write(batch, new Date(clock())).then(
      () => callers.forEach((c) => c.resolve()),
      (err: unknown) => callers.forEach((c) => c.reject(err)),
    );
  }

  return (keys: EscrowedRow[]): Promise<void> => {
    if (keys.length === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      rows.push(...keys);
      waiting.push({ resolve, reject });
      if (rows.length >= ESCROW_BATCH_MAX) flush();
      else timer ??= setTimeout(flush, ESCROW_BATCH_WAIT_MS).unref();
    });
  };
}
