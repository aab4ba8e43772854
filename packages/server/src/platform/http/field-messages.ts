import type { FastifyRequest, FastifySchemaValidationError } from 'fastify';
import type { Locale } from '@edp/shared/errors';
import { fieldRules, ruleText, ruleWith } from '@edp/shared/contracts/field-rules';

/**
 * The field and the reason of a refused request, in the caller's language. The contracts' own
 * checks carry a `rule.*` key (shared/contracts/field-rules.ts); zod's built-in checks are
 * worded here from the same texts. Not zod's own locales: they speak the schema ("期望 string，
 * 实际接收 数字"), and these messages reach people (the web puts them under the field).
 */
export function fieldOf(context: string | undefined, path: readonly (string | number)[]) {
  return [context, ...path].filter((p) => p !== undefined && p !== '').join('.');
}

export interface FieldFailure {
  /** Where, with its part: `body.admin.account`, `query.page`. */
  field: string;
  /** Why, in the caller's language, without the field. */
  detail: string;
}

export function validationFailure(
  req: FastifyRequest,
  context: string | undefined,
  first: FastifySchemaValidationError,
): FieldFailure {
  const path = first.instancePath.split('/').filter(Boolean);
  const field = fieldOf(context, path);
  const rule = ruleText(first.message ?? '', req.locale);
  if (rule) return { field, detail: rule };
  const input = valueAt(
    context ? (req as unknown as Record<string, unknown>)[context] : undefined,
    path,
  );
  return { field, detail: issueText(first.keyword, first.params, input, req.locale) };
}

interface IssueParams {
  origin?: string;
  expected?: string;
  maximum?: number | bigint;
  minimum?: number | bigint;
}

function issueText(code: string, params: IssueParams, input: unknown, locale: Locale): string {
  const atMost = (key: 'tooLong' | 'tooBig' | 'tooMany') =>
    ruleWith(key, locale, Number(params.maximum));
  const atLeast = (key: 'tooShort' | 'tooSmall' | 'tooFew') =>
    ruleWith(key, locale, Number(params.minimum));
  switch (code) {
    case 'invalid_type':
      if (input === undefined) return fieldRules.required[locale];
      return params.expected === 'int'
        ? fieldRules.wholeNumber[locale]
        : fieldRules.wrongType[locale];
    case 'too_big':
      if (params.origin === 'string') return atMost('tooLong');
      if (params.origin === 'array' || params.origin === 'set') return atMost('tooMany');
      return atMost('tooBig');
    case 'too_small':
      if (params.origin === 'string') {
        return Number(params.minimum) === 1 ? fieldRules.notEmpty[locale] : atLeast('tooShort');
      }
      if (params.origin === 'array' || params.origin === 'set') return atLeast('tooFew');
      return atLeast('tooSmall');
    case 'invalid_value':
    case 'invalid_union':
      return fieldRules.notAllowed[locale];
    default:
      return fieldRules.wrongFormat[locale];
  }
}

function valueAt(root: unknown, path: string[]): unknown {
  let node = root;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}
