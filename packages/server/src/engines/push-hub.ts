/**
 * The engines' push streams held by this node (docs/commands.md "The channel"): a stream only
 * tells its engine to check in now. One stream a device: a second replaces the first. A comment
 * every KEEP_ALIVE_MS keeps proxies from closing idle streams; it goes out to a slice of the
 * streams at a time, so 20,000 streams do not all write in one turn of the loop.
 */
export const KEEP_ALIVE_MS = 25_000;
/** How often a slice of the streams gets its keep-alive (each stream once per KEEP_ALIVE_MS). */
const KEEP_ALIVE_TICK_MS = 1_000;

/** Where a stream's bytes go (the socket of a hijacked reply). */
export interface PushSink {
  write(text: string): void;
  end(): void;
}

export function pushHub() {
  const streams = new Map<string, PushSink>();
  let cursor: string[] = [];

  const tick = setInterval(() => {
    if (cursor.length === 0) cursor = [...streams.keys()];
    const slice = Math.ceil((streams.size * KEEP_ALIVE_TICK_MS) / KEEP_ALIVE_MS);
    for (const id of cursor.splice(0, slice)) streams.get(id)?.write(': keep-alive\n\n');
  }, KEEP_ALIVE_TICK_MS);
  tick.unref();

  return {
    /** Holds a device's stream; answers what to call when it closes. */
    attach(deviceId: string, sink: PushSink): () => void {
      streams.get(deviceId)?.end();
      streams.set(deviceId, sink);
      // A reconnection hint, and a first line so the engine (and any proxy) sees it live.
      sink.write('retry: 10000\n: connected\n\n');
      return () => {
        if (streams.get(deviceId) === sink) streams.delete(deviceId);
      };
    },

    /** Asks the engines of these devices whose streams this node holds to check in now. */
    nudge(deviceIds: Iterable<string>) {
      for (const id of deviceIds) streams.get(id)?.write('event: checkin\ndata: {}\n\n');
    },

    /** Streams held now. */
    get size() {
      return streams.size;
    },

    close() {
      clearInterval(tick);
      for (const sink of streams.values()) sink.end();
      streams.clear();
    },
  };
}
export type PushHub = ReturnType<typeof pushHub>;
