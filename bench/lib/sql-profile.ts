// FLEET_SQL_PROFILE=1 (bench/lib/fleet-server.ts, PGlite only): where the embedded database's
// time goes, by statement. PGlite runs each statement synchronously in this process
// (`execProtocolRawSync`), one at a time, so timing that call measures the statement's own
// execution, not its wait behind others; the statement is read from the protocol's Parse or
// Query message, and a Bind/Execute is counted to the statement parsed last. PGlite sends a
// query's parse, describe, bind, execute and sync as separate messages (about six a query): the
// figures count messages, not statements. `syncToFs` (the commit's flush to disk) is counted
// apart. Every PROFILE_EVERY_S the top statements of the
// window go to stderr, with their share of the window's wall time.
import { performance } from 'node:perf_hooks';

interface Totals {
  ms: number;
  messages: number;
  maxMs: number;
}

const decoder = new TextDecoder();
/** A message slower than this is printed at once (issue 40's stall budget is 200 ms). */
const SLOW_MESSAGE_MS = 100;

/** The SQL of a Parse ('P') or simple Query ('Q') message at the start of `msg`, or undefined. */
function statementOf(msg: Uint8Array): string | undefined {
  if (msg[0] === 0x51) return decoder.decode(msg.subarray(5, msg.indexOf(0, 5)));
  if (msg[0] !== 0x50) return undefined;
  const nameEnd = msg.indexOf(0, 5);
  return decoder.decode(msg.subarray(nameEnd + 1, msg.indexOf(0, nameEnd + 1)));
}

/** One shape per statement: whitespace folded, literals and arrays out, cut at 160 characters. */
const shapeOf = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/'[^']*'/g, "'…'")
    .replace(/\b\d+\b/g, 'N')
    .slice(0, 160);

export function profileSql(client: unknown, everyS = Number(process.env.PROFILE_EVERY_S ?? 30)) {
  const pg = client as {
    execProtocolRawSync(msg: Uint8Array): Uint8Array;
    syncToFs(): Promise<void>;
  };
  const window = new Map<string, Totals>();
  let current = '(unknown)';
  let windowStart = performance.now();
  const add = (key: string, ms: number) => {
    const t = window.get(key) ?? { ms: 0, messages: 0, maxMs: 0 };
    t.ms += ms;
    t.messages += 1;
    t.maxMs = Math.max(t.maxMs, ms);
    window.set(key, t);
  };

  const exec = pg.execProtocolRawSync.bind(pg);
  pg.execProtocolRawSync = (msg) => {
    const text = statementOf(msg);
    if (text !== undefined) current = shapeOf(text);
    const t0 = performance.now();
    try {
      return exec(msg);
    } finally {
      const ms = performance.now() - t0;
      add(current, ms);
      // One message that alone held the loop past the stall budget, named as it happens.
      if (ms > SLOW_MESSAGE_MS) {
        console.error(
          `sql profile: one message took ${ms.toFixed(0)} ms at ${new Date().toISOString()}: ${current}`,
        );
      }
    }
  };
  const sync = pg.syncToFs.bind(pg);
  pg.syncToFs = async () => {
    const t0 = performance.now();
    try {
      await sync();
    } finally {
      add('<syncToFs>', performance.now() - t0);
    }
  };

  setInterval(() => {
    const wall = performance.now() - windowStart;
    const rows = [...window.entries()].sort((a, b) => b[1].ms - a[1].ms);
    const total = rows.reduce((s, [, t]) => s + t.ms, 0);
    const lines = rows
      .slice(0, 12)
      .map(
        ([shape, t]) =>
          `  ${((100 * t.ms) / wall).toFixed(1).padStart(5)}% ${t.ms.toFixed(0).padStart(7)} ms ${String(t.messages).padStart(7)} messages  max ${t.maxMs.toFixed(0).padStart(5)} ms  ${shape}`,
      );
    console.error(
      `sql profile: ${((100 * total) / wall).toFixed(1)}% of ${(wall / 1000).toFixed(0)} s in the database at ${new Date().toISOString()}\n${lines.join('\n')}`,
    );
    window.clear();
    windowStart = performance.now();
  }, everyS * 1000).unref();
}
