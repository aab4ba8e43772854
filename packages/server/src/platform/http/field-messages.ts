import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { en, zhCN } from 'zod/locales';
import type { Locale } from '@edp/shared/errors';
import { fieldRules, ruleText } from '@edp/shared/contracts/field-rules';

/**
 * The field and the reason of a refused request, in the caller's language. The contracts' own
 * checks carry a `rule.*` key (shared/contracts/field-rules.ts); zod's built-in ones are put
 * in the caller's language by zod's own locales, which need the value that failed (taken back
 * from the request, so the validator stays the library's).
 */
const zodLocales: Record<Locale, (issue: object) => string | undefined> = {
  'zh-CN': (issue) => zhCN().localeError(issue as never) as string | undefined,
  'en-US': (issue) => en().localeError(issue as never) as string | undefined,
};

export function fieldOf(context: string | undefined, path: readonly (string | number)[]) {
  return [context, ...path].filter((p) => p !== undefined && p !== '').join('.');
}

export function validationFailure(
  req: FastifyRequest,
  context: string | undefined,
  first: FastifySchemaValidationError,
): { field: string; detail: string } {
  const path = first.instancePath.split('/').filter(Boolean);
  const field = fieldOf(context, path);
  const rule = ruleText(first.message ?? '', req.locale);
  if (rule) return { field, detail: rule };
  const input = valueAt(
    context ? (req as unknown as Record<string, unknown>)[context] : undefined,
    path,
  );
  // zod says "expected string, received undefined"; a person reads "is required".
  if (first.keyword === 'invalid_type' && input === undefined) {
    return { field, detail: fieldRules.required[req.locale] };
  }
  const issue = { code: first.keyword, ...first.params, input };
  return { field, detail: zodLocales[req.locale](issue) ?? first.message ?? '' };
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
