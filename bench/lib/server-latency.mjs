// The server's own view of a route's latency, from its /metrics histogram
// (edp_http_request_duration_seconds): what the handler took, without the time a request waits
// in the simulator's own loop or in the socket when both share this machine's two cores.

/** A random token for the fleet server's /metrics (METRICS_TOKEN: at least 16 characters). */
export const metricsToken = () => `bench-${process.pid}-${Date.now()}-metrics`;

/** The cumulative bucket counts of `route` (answers of every status), by upper bound. */
async function buckets(fleet, token, route) {
  const text = await (
    await fetch(`${fleet.base}/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const counts = new Map();
  for (const line of text.split('\n')) {
    if (!line.startsWith('edp_http_request_duration_seconds_bucket{')) continue;
    if (!line.includes(`route="${route}"`)) continue;
    const le = line.match(/le="([^"]+)"/)[1];
    const bound = le === '+Inf' ? Infinity : Number(le);
    counts.set(bound, (counts.get(bound) ?? 0) + Number(line.slice(line.lastIndexOf(' ') + 1)));
  }
  return counts;
}

/**
 * A reader of `route`'s latency between two calls: `window()` answers the requests served since
 * the last call, how many took over 100 ms, and the p99 as the histogram can tell it (the bucket
 * bound at or under which 99 % fell). A fleet started again has fresh counters: `reset()` first.
 */
export function serverLatency(token, route) {
  let before = new Map();
  return {
    reset() {
      before = new Map();
    },
    async window(fleet) {
      const now = await buckets(fleet, token, route);
      const delta = [...now]
        .map(([bound, n]) => [bound, n - (before.get(bound) ?? 0)])
        .sort((a, b) => a[0] - b[0]);
      before = now;
      const total = delta.at(-1)?.[1] ?? 0;
      const within = (ms) => delta.find(([b]) => b >= ms / 1000)?.[1] ?? total;
      const p99 = delta.find(([, n]) => n >= total * 0.99)?.[0] ?? 0;
      return { served: total, over100ms: total - within(100), p99AtMostMs: p99 * 1000 };
    },
  };
}
