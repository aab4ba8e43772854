/**
 * Latency percentiles without keeping every sample: logarithmic buckets 1 % wide from 0.01 ms
 * to about 10 minutes (a value is reported within 1 % of itself), exact count and maximum.
 */
const MIN_MS = 0.01;
const GROWTH = 1.01;
const LOG_GROWTH = Math.log(GROWTH);
const BUCKETS = Math.ceil(Math.log(600_000 / MIN_MS) / LOG_GROWTH) + 1;

export class Histogram {
  private counts = new Uint32Array(BUCKETS);
  count = 0;
  max = 0;

  record(ms: number): void {
    if (!(ms >= 0)) return;
    const i =
      ms <= MIN_MS ? 0 : Math.min(BUCKETS - 1, Math.ceil(Math.log(ms / MIN_MS) / LOG_GROWTH));
    this.counts[i]!++;
    this.count++;
    if (ms > this.max) this.max = ms;
  }

  /** The value at percentile `p` (0–100): the upper bound of its bucket, never above the max. */
  percentile(p: number): number {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.counts[i]!;
      if (seen >= rank) return Math.min(this.max, MIN_MS * GROWTH ** i);
    }
    return this.max;
  }

  merge(other: Histogram): void {
    for (let i = 0; i < BUCKETS; i++) this.counts[i]! += other.counts[i]!;
    this.count += other.count;
    this.max = Math.max(this.max, other.max);
  }

  summary(): { count: number; p50: number; p95: number; p99: number; max: number } {
    const r = (v: number) => Math.round(v * 100) / 100;
    return {
      count: this.count,
      p50: r(this.percentile(50)),
      p95: r(this.percentile(95)),
      p99: r(this.percentile(99)),
      max: r(this.max),
    };
  }
}
