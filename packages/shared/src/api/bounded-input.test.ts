import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CALLS } from './registry.ts';

/**
 * Every string a call takes is bounded (docs/architecture.md §8): whatever a caller sends, what
 * is stored or logged has a known size. Enums, literals and UUIDs are bounded by their form.
 */
type Schema = {
  type?: string | string[];
  maxLength?: number;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, Schema>;
  items?: Schema | Schema[];
  prefixItems?: Schema[];
  anyOf?: Schema[];
  maxItems?: number;
  additionalProperties?: Schema | boolean;
};

function unbounded(schema: Schema, at: string): string[] {
  const found: string[] = [];
  const types = [schema.type ?? []].flat();
  if (
    types.includes('string') &&
    schema.maxLength === undefined &&
    !schema.enum &&
    schema.const === undefined &&
    schema.format !== 'uuid'
  ) {
    found.push(`${at}: string without maxLength`);
  }
  if (types.includes('array') && schema.maxItems === undefined && !schema.prefixItems) {
    found.push(`${at}: array without maxItems`);
  }
  for (const [key, sub] of Object.entries(schema.properties ?? {}))
    found.push(...unbounded(sub, `${at}.${key}`));
  for (const sub of [schema.items ?? [], schema.prefixItems ?? [], schema.anyOf ?? []].flat()) {
    found.push(...unbounded(sub, `${at}[]`));
  }
  if (typeof schema.additionalProperties === 'object')
    found.push(...unbounded(schema.additionalProperties, `${at}{}`));
  return found;
}

describe('call inputs', () => {
  it('bound every string and array', () => {
    const found = Object.entries(CALLS).flatMap(([name, c]) =>
      (['body', 'query', 'params'] as const).flatMap((part) => {
        const schema = (c as Record<string, unknown>)[part] as z.ZodType | undefined;
        if (!schema) return [];
        return unbounded(
          z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema,
          `${name}.${part}`,
        );
      }),
    );
    expect(found).toEqual([]);
  });

  it('finds a string left unbounded, and takes a literal as bounded', () => {
    const schema = z.object({ free: z.string(), one: z.literal('1') });
    expect(unbounded(z.toJSONSchema(schema, { io: 'input' }) as Schema, 'probe.query')).toEqual([
      'probe.query.free: string without maxLength',
    ]);
  });
});
