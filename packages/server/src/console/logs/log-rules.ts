import type { AlertSource, LogRuleAction, TLogEntry, TLogRule } from '@edp/shared/contracts/logs';
import { globOf } from './log-glob.ts';

/** What becomes of one event: stored or not, and raised as an alert (by what) or not. */
export interface Decision {
  keep: boolean;
  alert: { source: AlertSource; ruleName: string } | null;
}

const actionOf = (e: TLogEntry): string => (e.kind === 'access' ? e.operation : e.change);

/** A tenant's rules made ready to run, and what running them on one event costs. */
export interface Rules {
  decide: (e: TLogEntry) => Decision;
  /** At most the characters `decide` reads of an event (each glob's text it may match). */
  cost: (e: TLogEntry) => number;
}

/**
 * A tenant's rules made ready to run: the first enabled rule that matches an event decides.
 * Without one, a DPI change is kept and raised as an alert (an integrity change is what DPI
 * folders are watched for) and every other event is kept.
 */
export function compileRules(rules: readonly TLogRule[]): Rules {
  const compiled = rules
    .filter((r) => r.enabled)
    .map((r) => ({
      rule: r,
      program: globOf(r.program),
      path: globOf(r.path),
    }));
  const programs = compiled.filter((c) => c.rule.program !== '').length;
  const paths = compiled.filter((c) => c.rule.path !== '').length;
  const decided = (then: LogRuleAction, ruleName: string): Decision => ({
    keep: then !== 'drop',
    alert: then === 'alert' ? { source: 'rule', ruleName } : null,
  });
  return {
    decide(e) {
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
    },
    cost: (e) =>
      1 + paths * e.path.length + (e.kind === 'access' ? programs * e.program.length : 0),
  };
}
