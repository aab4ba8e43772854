import { describe, expect, it } from 'vitest';
import type { TLogRule } from '@edp/shared/contracts/logs';
import { isChanged, moved, rulesOf, withKey, withKeys } from './rule-list.ts';

const rule = (name: string, then: TLogRule['then'] = 'keep'): TLogRule => ({
  name,
  enabled: true,
  kind: 'any',
  outcome: 'any',
  action: 'any',
  program: '',
  path: '',
  then,
});

describe('the rules draft', () => {
  it('moves a rule one place, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('sends the rules in order without the page’s keys, and knows when they changed', () => {
    const saved = [rule('quiet reads', 'drop'), rule('shadow', 'alert')];
    const draft = withKeys(saved);
    expect(new Set(draft.map((r) => r.key)).size).toBe(2);
    expect(rulesOf(draft)).toEqual(saved);
    expect(isChanged(draft, saved)).toBe(false);
    expect(isChanged(moved(draft, 0, 1), saved)).toBe(true);
    expect(isChanged([...draft, withKey(rule('lab'))], saved)).toBe(true);
    expect(isChanged([{ ...draft[0]!, enabled: false }, draft[1]!], saved)).toBe(true);
  });
});
