import { describe, expect, it } from 'vitest';
import { Histogram } from './histogram.ts';

describe('latency histogram', () => {
  it('gives percentiles within 1 % of the exact ones, and the exact maximum', () => {
    const h = new Histogram();
    const values: number[] = [];
    // A long-tailed spread like real latencies: 0.05 ms to several seconds.
    let x = 12345;
    for (let i = 0; i < 20_000; i++) {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      const v = 0.05 * Math.exp((x / 2 ** 31) * 11);
      values.push(v);
      h.record(v);
    }
    values.sort((a, b) => a - b);
    const exact = (p: number) => values[Math.ceil((p / 100) * values.length) - 1]!;
    for (const p of [50, 95, 99, 99.9]) {
      expect(Math.abs(h.percentile(p) - exact(p)) / exact(p), `p${p}`).toBeLessThanOrEqual(0.01);
    }
    expect(h.max).toBe(values.at(-1));
    expect(h.count).toBe(20_000);
  });

  it('merges, and answers zeros when empty', () => {
    const a = new Histogram();
    const b = new Histogram();
    expect(a.summary()).toEqual({ count: 0, p50: 0, p95: 0, p99: 0, max: 0 });
    a.record(1);
    b.record(100);
    b.record(100);
    a.merge(b);
    expect(a.count).toBe(3);
    expect(a.max).toBe(100);
    expect(a.percentile(50)).toBeCloseTo(100, 0);
  });
});
