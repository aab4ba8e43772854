import { describe, expect, it } from 'vitest';
import type { TLogEntry } from '@edp/shared/contracts/logs';
import { RULES_SLICE_CHARS, decideAll } from './log-ingest.ts';
import { compileRules, type Rules } from './log-rules.ts';

const at = new Date('2026-11-26T10:00:00Z');
const entry = (seq: number, path: string): TLogEntry => ({
  seq,
  at,
  kind: 'tde',
  change: 'added',
  path,
});

describe('deciding a batch', () => {
  it('gives the event loop a turn each time the rules have read a slice of characters', async () => {
    const seen: string[] = [];
    // Each event costs half a slice: the loop turns after every second one.
    const rules: Rules = {
      decide: (e) => {
        seen.push(`decide ${e.seq}`);
        return { keep: true, alert: null };
      },
      cost: () => RULES_SLICE_CHARS / 2,
    };
    const turns = setInterval(() => seen.push('turn'), 0);
    try {
      const decided = await decideAll(
        [1, 2, 3, 4, 5].map((n) => entry(n, '/x')),
        rules,
      );
      expect(decided).toHaveLength(5);
    } finally {
      clearInterval(turns);
    }
    const decisions = seen.filter((s) => s !== 'turn');
    expect(decisions).toEqual(['decide 1', 'decide 2', 'decide 3', 'decide 4', 'decide 5']);
    // No turn between 1 and 2 or 3 and 4: a slice is not cut early.
    expect(seen.indexOf('decide 2') - seen.indexOf('decide 1')).toBe(1);
    expect(seen.indexOf('decide 4') - seen.indexOf('decide 3')).toBe(1);
  });

  it('decides the worst batch the protocol takes in linear time, turning the loop', async () => {
    const evil = '*a*a*a*a*a*a*a*a*b';
    const rules = compileRules(
      Array.from({ length: 100 }, (_, i) => ({
        name: `r${i}`,
        enabled: true,
        kind: 'any' as const,
        outcome: 'any' as const,
        action: 'any' as const,
        program: '',
        path: evil,
        then: 'alert' as const,
      })),
    );
    const batch = Array.from({ length: 500 }, (_, i) => entry(i + 1, `/${'a'.repeat(1022)}!`));
    let last = performance.now();
    let longest = 0;
    const started = performance.now();
    const ticks = setInterval(() => {
      longest = Math.max(longest, performance.now() - last);
      last = performance.now();
    }, 0);
    try {
      const decided = await decideAll(batch, rules);
      expect(decided.every((d) => d.keep && !d.alert)).toBe(true);
    } finally {
      clearInterval(ticks);
    }
    // About 10⁸ characters in all: 0.4 s alone, seconds on the shared machine (load 11 on 2
    // cores, where the process itself waits for a core). A slice is about a millisecond of
    // matching; the bound on the gap is the machine's, the slicing is the test above's.
    expect(performance.now() - started).toBeLessThan(15_000);
    expect(longest).toBeLessThan(1_000);
  }, 30_000);
});
