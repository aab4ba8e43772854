/**
 * The engines' push streams held by this node (docs/commands.md "The channel"). An engine that
 * asked for them (`?commands=1`) is sent its open commands on the stream itself (`send`); any
 * other is only told to check in now (`nudge`). One stream a device: a second replaces the
 * first. A comment every KEEP_ALIVE_MS keeps proxies from closing idle streams; it goes out to a
 * slice of the streams at a time, so 20,000 streams do not all write in one turn of the loop.
 */
export const KEEP_ALIVE_MS = 25_000;
/** How often a slice of the streams gets its keep-alive (each stream once per KEEP_ALIVE_MS). */
const KEEP_ALIVE_TICK_MS = 1_000;

/** Where a stream's bytes go (the socket of a hijacked reply). */
export interface PushSink {
  write(text: string): void;
  end(): void;
}

interface Held {
  sink: PushSink;
  /** The engine takes its commands on the stream (`event: commands`). */
  commands: boolean;
}

export function pushHub() {
  const streams = new Map<string, Held>();
  let cursor: string[] = [];

  const tick = setInterval(() => {
    if (cursor.length === 0) cursor = [...streams.keys()];
    const slice = Math.ceil((streams.size * KEEP_ALIVE_TICK_MS) / KEEP_ALIVE_MS);
    for (const id of cursor.splice(0, slice)) streams.get(id)?.sink.write(': keep-alive\n\n');
  }, KEEP_ALIVE_TICK_MS);
  tick.unref();

  return {
    /** Holds a device's stream; answers what to call when it closes. */
    attach(deviceId: string, sink: PushSink, opts: { commands?: boolean } = {}): () => void {
      streams.get(deviceId)?.sink.end();
      const held: Held = { sink, commands: opts.commands === true };
      streams.set(deviceId, held);
      // A reconnection hint, and a first line so the engine (and any proxy) sees it live.
      sink.write('retry: 10000\n: connected\n\n');
      return () => {
        if (streams.get(deviceId) === held) streams.delete(deviceId);
      };
    },

    /**
     * How this node reaches a device: `commands` (its stream takes them), `nudge` (its stream
     * only asks for a check-in), or undefined (no stream here).
     */
    reach(deviceId: string): 'commands' | 'nudge' | undefined {
      const held = streams.get(deviceId);
      return held ? (held.commands ? 'commands' : 'nudge') : undefined;
    },

    /** Asks the engines of these devices whose streams this node holds to check in now. */
    nudge(deviceIds: Iterable<string>) {
      for (const id of deviceIds) streams.get(id)?.sink.write('event: checkin\ndata: {}\n\n');
    },

    /**
     * Writes an event to a device's stream if this node holds it and it takes commands: `data`
     * is one line (JSON). Answers whether it was written.
     */
    send(deviceId: string, event: string, data: string): boolean {
      const held = streams.get(deviceId);
      if (!held?.commands) return false;
      held.sink.write(`event: ${event}\ndata: ${data}\n\n`);
      return true;
    },

    /** Streams held now. */
    get size() {
      return streams.size;
    },

    close() {
      clearInterval(tick);
      for (const { sink } of streams.values()) sink.end();
      streams.clear();
    },
  };
}
export type PushHub = ReturnType<typeof pushHub>;
