import { afterEach, describe, expect, it } from 'vitest';
import { PUSH_COMMANDS_MAX_BYTES, ZPushCommands } from '@edp/shared/contracts/agent';
import { localCacheBus } from '../platform/cache/cache-bus.ts';
import { commandQueue } from './command-queue.ts';
import type { EngineEvents, OpenCommand } from './engine-events.ts';
import { pushHub, type PushHub } from './push-hub.ts';

/**
 * How a new command reaches an engine whose stream this node holds (docs/commands.md "The
 * channel"): on the stream itself when the engine asked for them, else a nudge to check in; and
 * a nudge whenever the commands cannot go in one event. The console's side (`EngineEvents`) is played here: what it
 * delivers, and which devices asked.
 */
const now = Date.parse('2026-11-29T08:00:00Z');
let hub: PushHub | undefined;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  hub?.close();
});

/** `ms`: how long each delivery's statement takes; `statements.most` at once is counted. */
function setUp(open: (deviceIds: string[]) => OpenCommand[] | Error, ms = 0) {
  const delivered: string[][] = [];
  const statements = { running: 0, most: 0 };
  const events = {
    openCommandDevices: async () => [],
    delivering: async (deviceIds: string[]) => {
      delivered.push(deviceIds);
      statements.most = Math.max(statements.most, ++statements.running);
      try {
        if (ms) await new Promise((r) => setTimeout(r, ms));
        const answer = open(deviceIds);
        if (answer instanceof Error) throw answer;
        return answer;
      } finally {
        statements.running--;
      }
    },
  } as unknown as EngineEvents;
  hub = pushHub();
  const warned: unknown[] = [];
  const queue = commandQueue({
    events,
    bus: localCacheBus(),
    push: hub,
    clock: () => now,
    log: { warn: (...args: unknown[]) => warned.push(args) } as never,
  });
  stop = queue.stop;
  /** A stream held here: what was written to it. */
  const stream = (deviceId: string, commands: boolean) => {
    const written: string[] = [];
    hub!.attach(deviceId, { write: (t) => written.push(t), end: () => undefined }, { commands });
    written.length = 0;
    return written;
  };
  const settled = () => new Promise((r) => setTimeout(r, 50));
  return { queue, delivered, warned, stream, settled, statements };
}

const command = (deviceId: string, args: Record<string, unknown> = {}): OpenCommand => ({
  id: `c-${deviceId}`,
  deviceId,
  type: 'engine.version',
  args,
  deadline: now + 15_000,
});
const commandsOf = (written: string[]) => {
  const event = /^event: commands\ndata: (.*)\n\n$/.exec(written[0] ?? '');
  return event ? ZPushCommands.parse(JSON.parse(event[1]!)) : undefined;
};

describe('command queue: commands on the push stream', () => {
  it('writes the open commands on a stream that takes them, and nudges one that does not', async () => {
    const { queue, delivered, stream, settled } = setUp((ids) => ids.map((id) => command(id)));
    const taking = stream('d-new', true);
    const old = stream('d-old', false);
    queue.announce(['d-new', 'd-old', 'd-elsewhere']);
    await settled();
    // Delivered (the check-in's statement) for the stream that takes them only.
    expect(delivered).toEqual([['d-new']]);
    expect(commandsOf(taking)).toEqual({
      now,
      commands: [{ id: 'c-d-new', type: 'engine.version', args: {}, deadline: now + 15_000 }],
    });
    expect(old).toEqual(['event: checkin\ndata: {}\n\n']);
  });

  it('nudges instead when the commands do not fit one event, or cannot be delivered', async () => {
    const big = 'x'.repeat(PUSH_COMMANDS_MAX_BYTES);
    let failing = false;
    const { queue, warned, stream, settled } = setUp((ids) =>
      failing ? new Error('database gone') : ids.map((id) => command(id, { certificate: big })),
    );
    const written = stream('d-big', true);
    queue.announce(['d-big']);
    await settled();
    // Delivered all the same (processing): the check-in the nudge asks for brings them.
    expect(written).toEqual(['event: checkin\ndata: {}\n\n']);
    failing = true;
    written.length = 0;
    queue.announce(['d-big']);
    await settled();
    expect(written).toEqual(['event: checkin\ndata: {}\n\n']);
    expect(warned).toHaveLength(1);
  });

  it('delivers a burst larger than a batch one statement at a time', async () => {
    // Several statements of one burst at once held every connection of the pool: a console
    // user's call waited 4.2 s while a task went to 10,000 engines (bench/commands.mjs).
    const { queue, delivered, stream, statements } = setUp(
      (ids) => ids.map((id) => command(id)),
      20,
    );
    const ids = Array.from({ length: 2_500 }, (_, i) => `d-${i}`);
    const streams = ids.map((id) => stream(id, true));
    queue.announce(ids);
    for (let waited = 0; streams.some((w) => w.length === 0) && waited < 5_000; waited += 10)
      await new Promise((r) => setTimeout(r, 10));
    expect(streams.filter((w) => commandsOf(w)?.commands.length === 1)).toHaveLength(2_500);
    expect(delivered.map((b) => b.length)).toEqual([1_000, 1_000, 500]);
    expect(statements.most).toBe(1);
  });

  it('delivers at once to a stream that opens while its device has open commands', async () => {
    const { queue, delivered, stream, settled } = setUp((ids) => ids.map((id) => command(id)));
    // Announced while no stream was held here (the engine was away).
    queue.announce(['d-back']);
    await settled();
    expect(delivered).toEqual([]);
    const written = stream('d-back', true);
    queue.streamOpened('d-back');
    await settled();
    expect(commandsOf(written)?.commands.map((c) => c.id)).toEqual(['c-d-back']);
    // Nothing open any more: a stream that opens later gets nothing, and costs no statement.
    const again = stream('d-quiet', true);
    queue.streamOpened('d-quiet');
    await settled();
    expect(again).toEqual([]);
    expect(delivered).toEqual([['d-back']]);
  });
});
