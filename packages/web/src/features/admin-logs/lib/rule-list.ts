import type { TLogRule } from '@edp/shared/contracts/logs';

/**
 * The rules page's draft: the ordered list as the page edits it before "Save all rules" sends it
 * whole. Each rule carries a key of its own so that a row keeps its identity when rules move.
 */
export type DraftRule = TLogRule & { key: number };

let keys = 0;
export const withKeys = (rules: readonly TLogRule[]): DraftRule[] =>
  rules.map((r) => ({ ...r, key: ++keys }));
export const withKey = (rule: TLogRule): DraftRule => ({ ...rule, key: ++keys });

/** The rules as the server takes them, in order, without the page's keys, fields in one order. */
export const rulesOf = (draft: readonly TLogRule[]): TLogRule[] =>
  draft.map((r) => ({
    name: r.name,
    enabled: r.enabled,
    kind: r.kind,
    outcome: r.outcome,
    action: r.action,
    program: r.program,
    path: r.path,
    then: r.then,
  }));

/** `draft` with the rule at `index` moved one place up (-1) or down (+1); unchanged at an end. */
export function moved<T>(draft: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= draft.length || to < 0 || to >= draft.length) return [...draft];
  const next = [...draft];
  [next[index], next[to]] = [next[to]!, next[index]!];
  return next;
}

/** Whether the draft differs from what the server holds (order counts). */
export const isChanged = (draft: readonly DraftRule[], saved: readonly TLogRule[]): boolean =>
  JSON.stringify(rulesOf(draft)) !== JSON.stringify(rulesOf(saved));
