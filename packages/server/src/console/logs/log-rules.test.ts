import { describe, expect, it } from 'vitest';
import type { TLogEntry, TLogRule } from '@edp/shared/contracts/logs';
import { compileRules } from './log-rules.ts';

const at = new Date('2026-11-26T10:00:00Z');
const denied: TLogEntry = {
  seq: 1,
  at,
  kind: 'access',
  outcome: 'denied',
  operation: 'write',
  program: '/usr/bin/vim',
  user: 'alice',
  path: '/srv/finance/q3.xlsx',
};
const altered: TLogEntry = { seq: 2, at, kind: 'dpi', change: 'altered', path: '/etc/hosts' };
const rule = (r: Partial<TLogRule> & Pick<TLogRule, 'then'>): TLogRule => ({
  name: 'r',
  enabled: true,
  kind: 'any',
  outcome: 'any',
  action: 'any',
  program: '',
  path: '',
  ...r,
});

describe('log filtering rules', () => {
  it('keeps everything without rules, and raises a DPI change as an alert', () => {
    const decide = compileRules([]);
    expect(decide(denied)).toEqual({ keep: true, alert: null });
    expect(decide(altered)).toEqual({ keep: true, alert: { source: 'dpi', ruleName: '' } });
  });

  it('lets the first enabled rule that matches decide', () => {
    const decide = compileRules([
      rule({ name: 'off', enabled: false, then: 'drop' }),
      rule({ name: 'vim', program: 'vim', path: '/srv/**', then: 'alert' }),
      rule({ name: 'rest', then: 'drop' }),
    ]);
    expect(decide(denied)).toEqual({ keep: true, alert: { source: 'rule', ruleName: 'vim' } });
    expect(decide({ ...denied, program: '/usr/bin/nano' })).toEqual({ keep: false, alert: null });
    // A program rule matches access events only: the DPI change falls through to 'rest'.
    expect(decide(altered)).toEqual({ keep: false, alert: null });
  });

  it('matches kind, outcome, action and paths as the page explains them', () => {
    const decide = compileRules([
      rule({ name: 'allowed reads', kind: 'access', outcome: 'allowed', then: 'drop' }),
      rule({ name: 'hosts kept quiet', kind: 'dpi', path: '/etc/hosts', then: 'keep' }),
      rule({ name: 'one level', path: '/srv/*.xlsx', then: 'alert' }),
    ]);
    expect(decide({ ...denied, outcome: 'allowed' }).keep).toBe(false);
    expect(decide(altered)).toEqual({ keep: true, alert: null });
    // `*` stays within a folder: /srv/finance/q3.xlsx is one level too deep.
    expect(decide(denied)).toEqual({ keep: true, alert: null });
    expect(decide({ ...denied, path: '/srv/q3.xlsx' }).alert?.ruleName).toBe('one level');
  });
});
