import type { FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Route } from '@edp/shared/api/define';
import type { Locale } from '@edp/shared/errors';
import { fieldRules, ruleWith } from '@edp/shared/contracts/field-rules';

/** What a call's body allows in one field: read from its schema at build time. */
export interface FieldLimits {
  maxLength?: number;
  minLength?: number;
  maximum?: number;
  minimum?: number;
  integer?: true;
  maxItems?: number;
  minItems?: number;
}

/** A call as the browser holds it: build/api-calls-plugin.ts adds its body's limits. */
type WithLimits = Route & { fields?: Readonly<Record<string, FieldLimits>> };

/**
 * The form rules of a field of `call`'s body (`name` dotted for nested fields): the call's own
 * limits, checked before submit, worded as the server words them (contracts/field-rules.ts).
 * Forms keep their own "required" rule and message; these add length and range.
 */
export function limitRules(call: Route, name: string, locale: Locale): FormRule[] {
  const limits = (call as WithLimits).fields?.[name];
  if (!limits) return [];
  const rules: FormRule[] = [];
  if (limits.maxLength !== undefined) {
    rules.push({ max: limits.maxLength, message: ruleWith('tooLong', locale, limits.maxLength) });
  }
  if (limits.minLength !== undefined) {
    rules.push({ min: limits.minLength, message: ruleWith('tooShort', locale, limits.minLength) });
  }
  if (limits.integer) rules.push({ type: 'integer', message: fieldRules.wholeNumber[locale] });
  if (limits.maximum !== undefined) {
    const message = ruleWith('tooBig', locale, limits.maximum);
    rules.push({ type: 'number', max: limits.maximum, message });
  }
  if (limits.minimum !== undefined) {
    const message = ruleWith('tooSmall', locale, limits.minimum);
    rules.push({ type: 'number', min: limits.minimum, message });
  }
  if (limits.maxItems !== undefined) {
    const message = ruleWith('tooMany', locale, limits.maxItems);
    rules.push({ type: 'array', max: limits.maxItems, message });
  }
  if (limits.minItems !== undefined) {
    const message = ruleWith('tooFew', locale, limits.minItems);
    rules.push({ type: 'array', min: limits.minItems, message });
  }
  return rules;
}

/** `limitRules` of `call` in the page's language: `const limits = useFieldLimits(addUser)`. */
export function useFieldLimits(call: Route): (name: string) => FormRule[] {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return (name) => limitRules(call, name, locale);
}

/**
 * The first limit of `call`'s field `name` that a text `value` breaks, worded as `limitRules`
 * words it; for forms kept off antd's Form (FormField). Lengths count as the server counts them
 * (UTF-16 units).
 */
export function limitError(
  call: Route,
  name: string,
  locale: Locale,
  value: string,
): string | undefined {
  const limits = (call as WithLimits).fields?.[name];
  if (!limits || !value) return undefined;
  if (limits.maxLength !== undefined && value.length > limits.maxLength) {
    return ruleWith('tooLong', locale, limits.maxLength);
  }
  if (limits.minLength !== undefined && value.length < limits.minLength) {
    return ruleWith('tooShort', locale, limits.minLength);
  }
  return undefined;
}

/** `limitError` of `call` in the page's language: `const tooLong = useLimitError(call)`. */
export function useLimitError(call: Route): (name: string, value: string) => string | undefined {
  const { i18n } = useTranslation();
  const locale: Locale = i18n.language === 'en-US' ? 'en-US' : 'zh-CN';
  return (name, value) => limitError(call, name, locale, value);
}
