import fp from 'fastify-plugin';
import { CommonErr } from '@edp/shared/errors';
import { rule } from '@edp/shared/contracts/field-rules';
import { UNSTORABLE } from '../db/index.ts';
import { AppError } from '../errors/index.ts';
import { fieldOf } from './field-messages.ts';

/** Deeper than any call's input; deeper is an attack on whatever walks the value next. */
export const MAX_INPUT_DEPTH = 16;

type Path = (string | number)[];

/** Where in `value` a string (or key) cannot be stored (NUL, lone surrogate), or nests too deep. */
export function unstorable(value: unknown): { path: Path; rule: 'text' | 'depth' } | undefined {
  // A stack, not recursion: a body of 100,000 nested arrays must not overflow the walk itself.
  const stack: { value: unknown; path: Path }[] = [{ value, path: [] }];
  while (stack.length) {
    const { value: node, path } = stack.pop()!;
    if (typeof node === 'string') {
      if (UNSTORABLE.test(node)) return { path, rule: 'text' };
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (path.length >= MAX_INPUT_DEPTH) return { path, rule: 'depth' };
    if (Array.isArray(node)) {
      node.forEach((item, i) => stack.push({ value: item, path: [...path, i] }));
      continue;
    }
    for (const [key, item] of Object.entries(node)) {
      if (UNSTORABLE.test(key)) return { path: [...path, key], rule: 'text' };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

/**
 * Every string of every call's input (body, query and path parameters, keys included) is
 * checked here once, before validation: whatever field a call adds, no NUL or lone surrogate
 * reaches the database, the audit log or a log line. docs/architecture.md §8.
 */
export const inputGuardPlugin = fp(async (app) => {
  app.addHook('preValidation', (req, _reply, done) => {
    for (const [context, value] of [
      ['params', req.params],
      ['query', req.query],
      ['body', req.body],
    ] as const) {
      const found = unstorable(value);
      if (found) {
        done(
          new AppError(CommonErr.Invalid, {
            field: fieldOf(context, found.path),
            detail: rule(found.rule),
          }),
        );
        return;
      }
    }
    done();
  });
});
