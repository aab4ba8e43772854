import { describe, expect, it } from 'vitest';
import type { TLogEntry, TLogRule } from '@edp/shared/contracts/logs';
import { globOf, isGlob } from './log-glob.ts';
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
    const { decide } = compileRules([]);
    expect(decide(denied)).toEqual({ keep: true, alert: null });
    expect(decide(altered)).toEqual({ keep: true, alert: { source: 'dpi', ruleName: '' } });
  });

  it('lets the first enabled rule that matches decide', () => {
    const { decide } = compileRules([
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
    const { decide } = compileRules([
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

describe('rule globs', () => {
  const cases: [glob: string, path: string, matches: boolean][] = [
    // `*` within a folder, at least one character when it is the whole folder; dot files too.
    ['/srv/*.xlsx', '/srv/q3.xlsx', true],
    ['/srv/*.xlsx', '/srv/finance/q3.xlsx', false],
    ['/srv/*', '/srv/', false],
    ['/srv/*', '/srv/.hidden', true],
    ['/srv/*', '/srv/a/', true],
    // `**` across folders, none included; within a name it is `*`.
    ['/srv/**', '/srv', true],
    ['/srv/**', '/srv/a/b/c', true],
    ['/srv/**/x', '/srv/x', true],
    ['/srv/**/x', '/srv/a/b/x', true],
    ['**/x', '/a/x', true],
    ['/a/**b', '/a/x/yb', false],
    // `?` one character, never `/`; classes and choices; `\` takes a character as it is.
    ['/a?c', '/abc', true],
    ['/a?c', '/a/c', false],
    ['/x/[a-c]*', '/x/b1', true],
    ['/x/[!a-c]*', '/x/b1', false],
    ['/x/[!a-c]*', '/x/d1', true],
    ['/x[/a]y', '/x/y', false],
    ['/x[!a]y', '/x/y', false],
    ['/etc/{passwd,shadow}', '/etc/shadow', true],
    ['/etc/{passwd,shadow}', '/etc/group', false],
    ['/a\\*b', '/a*b', true],
    ['/a\\*b', '/axb', false],
    ['/a{b', '/a{b', true],
    // Without `/`: the last part of the path. Case counts.
    ['*.exe', '/x/y/z.exe', true],
    ['*.exe', '/x/y/z.exe/w', false],
    ['*.EXE', '/x/y/z.exe', false],
    ['vim', '/usr/bin/vim', true],
    ['vim', '/usr/bin/gvim', false],
    // Everything else is itself: no RegExp syntax leaks through.
    ['/a.b', '/axb', false],
    ['/a+(b)', '/a+(b)', true],
    ['/a$', '/a$', true],
  ];
  it.each(cases)('%s against %s: %s', (glob, path, matches) => {
    expect(globOf(glob)(path)).toBe(matches);
  });

  it('runs in time linear in the path, where picomatch backtracked for seconds', () => {
    const evil = globOf('*a*a*a*a*a*a*a*a*b');
    const started = performance.now();
    expect(evil(`/${'a'.repeat(54)}!`)).toBe(false);
    for (let i = 0; i < 100; i++) expect(evil(`/${'a'.repeat(1022)}${i}`)).toBe(false);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('refuses at save what RE2 cannot run, and a stored one matches nothing', () => {
    expect(isGlob('/x/[z-a]')).toBe(false);
    expect(isGlob('')).toBe(true);
    expect(isGlob('/srv/**/[a-z]?.{log,txt}')).toBe(true);
    expect(globOf('/x/[z-a]')('/x/b')).toBe(false);
    const { decide } = compileRules([rule({ name: 'broken', path: '/x/[z-a]', then: 'drop' })]);
    expect(decide({ ...denied, path: '/x/b' }).keep).toBe(true);
  });

  it('counts what a decision may read, to slice a batch by', () => {
    const { cost } = compileRules([
      rule({ program: 'vim', then: 'keep' }),
      rule({ path: '/srv/**', then: 'keep' }),
      rule({ path: '/etc/**', then: 'keep' }),
    ]);
    expect(cost(denied)).toBe(1 + 2 * denied.path.length + denied.program.length);
    expect(cost(altered)).toBe(1 + 2 * altered.path.length);
  });
});
