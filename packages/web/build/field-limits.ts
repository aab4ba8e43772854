import { z } from 'zod';
import type { FieldLimits } from '../src/lib/field-limits.ts';

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  prefixItems?: JsonSchema[];
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  maximum?: number;
  minimum?: number;
  maxItems?: number;
  minItems?: number;
}

/**
 * The limits a call's body puts on each field (dotted names for nested objects: `admin.account`),
 * read from its zod schema at build time: the forms check the very limits the server checks,
 * with no copy to drift (lib/field-limits.ts turns them into form rules). A minimum length of 1
 * is left to the form's own "required" rule and its message.
 */
export function fieldLimitsOf(body: z.ZodType | undefined): Record<string, FieldLimits> {
  if (!body) return {};
  const root = z.toJSONSchema(body, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const out: Record<string, FieldLimits> = {};
  const walk = (schema: JsonSchema, at: string[]) => {
    const own = schema.anyOf?.find((s) => s.type !== 'null') ?? schema;
    if (own.properties) {
      for (const [key, sub] of Object.entries(own.properties)) walk(sub, [...at, key]);
      return;
    }
    // A tuple (a [min, max] pair): each place is a field of its own, `range.0`, `range.1`.
    if (own.prefixItems) {
      own.prefixItems.forEach((sub, i) => walk(sub, [...at, String(i)]));
      return;
    }
    const types = [own.type ?? []].flat();
    const limits: FieldLimits = {};
    // A pattern bounds its text already, and the form checks its own pattern with its own
    // message; leaving those out keeps every page's projection (the sign-in pages' too) small.
    if (own.maxLength !== undefined && !own.pattern) limits.maxLength = own.maxLength;
    if (own.minLength !== undefined && own.minLength > 1) limits.minLength = own.minLength;
    if (types.includes('number') || types.includes('integer')) {
      if (own.maximum !== undefined && own.maximum < Number.MAX_SAFE_INTEGER)
        limits.maximum = own.maximum;
      if (own.minimum !== undefined && own.minimum > Number.MIN_SAFE_INTEGER)
        limits.minimum = own.minimum;
      if (types.includes('integer')) limits.integer = true;
    }
    if (own.maxItems !== undefined) limits.maxItems = own.maxItems;
    if (own.minItems !== undefined && own.minItems > 1) limits.minItems = own.minItems;
    if (Object.keys(limits).length && at.length) out[at.join('.')] = limits;
    // An array of objects (the log rules): each item's fields under `[]`, `rules.[].name`.
    if (own.items && !Array.isArray(own.items) && own.items.properties)
      walk(own.items, [...at, '[]']);
  };
  walk(root, []);
  return out;
}
