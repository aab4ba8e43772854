import picomatch from 'picomatch';
import type { AlertSource, LogRuleAction, TLogEntry, TLogRule } from '@edp/shared/contracts/logs';

/** What becomes of one event: stored or not, and raised as an alert (by what) or not. */
export interface Decision {
  keep: boolean;
  alert: { source: AlertSource; ruleName: string } | null;
}

type Matcher = (text: string) => boolean;
const ANY: Matcher = () => true;

/**
 * A glob as the rules page explains it (picomatch: `*` within a folder, `**` across folders,
 * `?` one character); a pattern without a slash matches the last part of a path, so `*.exe`
 * names a program wherever it lies. Empty matches everything. Case counts, as on Linux.
 */
function globOf(pattern: string): Matcher {
  if (pattern === '') return ANY;
  return picomatch(pattern, { dot: true, basename: !pattern.includes('/') });
}

const actionOf = (e: TLogEntry): string => (e.kind === 'access' ? e.operation : e.change);

/**
 * A tenant's rules made ready to run: the first enabled rule that matches an event decides.
 * Without one, a DPI change is kept and raised as an alert (an integrity change is what DPI
 * folders are watched for) and every other event is kept.
 */
export function compileRules(rules: readonly TLogRule[]): (e: TLogEntry) => Decision {
  const compiled = rules
    .filter((r) => r.enabled)
    .map((r) => ({
      rule: r,
      program: globOf(r.program),
      path: globOf(r.path),
    }));
  const decided = (then: LogRuleAction, ruleName: string): Decision => ({
    keep: then !== 'drop',
    alert: then === 'alert' ? { source: 'rule', ruleName } : null,
  });
  return (e) => {
    for (const { rule, program, path } of compiled) {
      if (rule.kind !== 'any' && rule.kind !== e.kind) continue;
      if (rule.outcome !== 'any' && (e.kind !== 'access' || rule.outcome !== e.outcome)) continue;
      if (rule.action !== 'any' && rule.action !== actionOf(e)) continue;
      if (rule.program !== '' && (e.kind !== 'access' || !program(e.program))) continue;
      if (!path(e.path)) continue;
      return decided(rule.then, rule.name);
    }
    return e.kind === 'dpi'
      ? { keep: true, alert: { source: 'dpi', ruleName: '' } }
      : { keep: true, alert: null };
  };
}
