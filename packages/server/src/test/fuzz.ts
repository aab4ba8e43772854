import { randomUUID } from 'node:crypto';
import RandExp from 'randexp';

/**
 * The fuzz suite's vocabulary (test/fuzz-suite.ts): valid samples built from an operation's JSON
 * schema, the malformed values put in their place, and the checks every answer must pass.
 * Everything is read from the OpenAPI document, so a new call is fuzzed the day it is added.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
}

/** A value the schema accepts, so that one malformed field at a time reaches as deep as it can. */
export function sampleOf(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return sampleOf(schema.anyOf.find((s) => s.type !== 'null'));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sampleOf(s)]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sampleOf(schema.items),
      );
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, schema.minimum ?? 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'string':
      return stringSample(schema);
    default:
      return schema.default;
  }
}

/**
 * The body an attack on the field `path` is put in. A required field's attack goes in the whole
 * sample; an optional one's in the required fields alone, plus its own: other optional fields
 * that a handler checks first (a device id that names no device answers 404) would stop it
 * before its own value is read, as a cursor of an impossible date was never read.
 */
export function baseFor(
  schema: JsonSchema | undefined,
  sample: unknown,
  path: (string | number)[],
): unknown {
  const top = path[0];
  if (
    typeof top !== 'string' ||
    !sample ||
    typeof sample !== 'object' ||
    Array.isArray(sample) ||
    schema?.required?.includes(top)
  ) {
    return sample;
  }
  const whole = sample as Record<string, unknown>;
  const kept = Object.entries(whole).filter(([k]) => schema?.required?.includes(k) || k === top);
  return Object.fromEntries(kept);
}

function stringSample(schema: JsonSchema): string {
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'email') return 'fuzz@example.com';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2026-01-01';
  if (schema.pattern) {
    const gen = new RandExp(schema.pattern);
    gen.max = 8;
    // Printable ASCII: a sample that reads in a failure report.
    gen.defaultRange.subtract(0, 32);
    gen.defaultRange.subtract(127, 0x10ffff);
    return gen.gen();
  }
  return 'fuzz'.padEnd(schema.minLength ?? 0, 'z').slice(0, schema.maxLength ?? 64);
}

/**
 * Values that match a string field's pattern with every digit at its largest and every repeat
 * long: the right shape, out of range (a cursor of `9999-99-99T99:99:99…`, an id of twenty-four
 * 9s). A pattern-checked field reaches the code behind the check with these, as it does not
 * with the generic attacks its pattern refuses.
 */
export function extremesOf(schema: JsonSchema | undefined): [string, string][] {
  if (!schema?.pattern) return [];
  const gen = new RandExp(schema.pattern);
  gen.max = 24;
  gen.defaultRange.subtract(0, 32);
  gen.defaultRange.subtract(127, 0x10ffff);
  const pattern = new RegExp(schema.pattern);
  const seen = new Set<string>();
  for (let i = 0; i < 8; i++) {
    const value = gen.gen().replace(/[0-8]/g, '9');
    if (pattern.test(value)) seen.add(value);
  }
  return [...seen].slice(0, 2).map((v) => ['pattern, digits at their largest', JSON.stringify(v)]);
}

/** The schema of the value at `path` in a body of `schema`, as `fieldPaths` walks it. */
export function schemaAt(
  schema: JsonSchema | undefined,
  path: (string | number)[],
): JsonSchema | undefined {
  let at = schema;
  for (const key of path) {
    if (at?.anyOf) at = at.anyOf.find((s) => s.type !== 'null');
    at = typeof key === 'number' ? at?.items : at?.properties?.[key];
  }
  if (at?.anyOf) at = at.anyOf.find((s) => s.type !== 'null');
  return at;
}

/** Every path to a value in a sample: [] for the whole body, ['a'], ['a', 0, 'b'], … */
export function fieldPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.flatMap((v, i) => [[...at, i], ...fieldPaths(v, [...at, i])]);
  }
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...at, k], ...fieldPaths(v, [...at, k])]);
  }
  return [];
}

export function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path[path.length - 1]!] = value;
  return copy;
}

/** A placeholder for a field, swapped for the attack's raw JSON (deep values overflow stringify). */
const MARK = '\u0001fuzz-mark\u0001';

/** `body` as JSON with the value at `path` replaced by the raw JSON `value`. */
export function payloadWith(body: unknown, path: (string | number)[], value: string): string {
  return JSON.stringify(withValue(body, path, MARK)).replace(JSON.stringify(MARK), () => value);
}

/** What goes in place of one field: the classes the issue found, and their neighbours. */
export const fieldAttacks: [string, string][] = (
  [
    ['NUL byte', 'a\u0000b'],
    ['lone NUL', '\u0000'],
    ['lone high surrogate', '\ud800'],
    ['lone low surrogate', 'x\udfffy'],
    ['huge string', 'x'.repeat(200_000)],
    ['huge emoji string', '😀'.repeat(20_000)],
    ['empty string', ''],
    ['blank string', '   '],
    ['right-to-left override', 'a\u202eb'],
    ['SQL quote', "' OR '1'='1' --"],
    ['path traversal', '../../../../etc/passwd'],
    ['markup', '<img src=x onerror=alert(1)>'],
    ['year zero', '0000-01-01'],
    ['far past date', '-271821-04-19T00:00:00.000Z'],
    ['far future date', '+275760-09-13T00:00:01.000Z'],
    ['impossible date', '2026-02-30'],
    // A timestamp of the right shape whose every part is out of range, as keyset cursors carry.
    ['impossible date-time', '2026-02-30T25:61:61.000000Z'],
    ['impossible cursor', '2026-02-30T25:61:61.000000Z_1'],
    // An id or a count as text: digits that no int8 column holds.
    ['digits beyond int8', '99999999999999999999'],
    ['negative digits beyond int8', '-99999999999999999999'],
    // Header and template injection: a value that is fine alone, harmful where it is written.
    ['CR LF', 'a\r\nX-Injected: 1'],
    ['template marks', 'http://127.0.0.1:#m#/?c=#c#'],
    ['Date max', 8.64e15],
    ['beyond Date max', 8.64e15 + 1],
    ['beyond Date min', -8.64e15 - 1],
    ['huge number', 1e308],
    ['huge negative number', -1e308],
    ['beyond int64', 2 ** 64],
    ['beyond int32', 2 ** 31],
    ['negative', -1],
    ['zero', 0],
    ['fraction', 0.5],
    ['null', null],
    ['true', true],
    ['number', 123],
    ['array', ['a', 1]],
    ['empty array', []],
    ['object', { a: 1 }],
    ['big array', Array.from({ length: 20_000 }, (_, i) => i)],
    ['deep nesting', null],
  ] as [string, unknown][]
).map(([name, value]) => [
  name,
  name === 'deep nesting' ? `${'['.repeat(20_000)}1${']'.repeat(20_000)}` : JSON.stringify(value),
]);

/** Whole-body payloads, sent as raw text (prototype keys cannot be written as object literals). */
export const rawBodies: [string, string | Buffer][] = [
  ['null body', 'null'],
  ['array body', '[]'],
  ['string body', '"x"'],
  ['number body', '1'],
  ['truncated JSON', '{"a":'],
  ['__proto__ key', '{"__proto__":{"polluted":true}}'],
  ['constructor key', '{"constructor":{"prototype":{"polluted":true}}}'],
  ['deeply nested body', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['escaped NUL key', '{"\\u0000":"x"}'],
];

/** A JSON body under other names: each must be refused in the envelope, never parsed as JSON. */
export const otherContentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/json; charset=utf-16',
];

/** Query-string values, already encoded: broken encodings reach the router as they are. */
export const queryAttacks: [string, string][] = [
  ['NUL', '%00'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['encoded surrogate', '%ED%A0%80'],
  ['huge', 'x'.repeat(20_000)],
  ['year zero', '0000-01-01'],
  ['beyond Date max', '8640000000000001'],
  ['digits beyond int8', '99999999999999999999'],
  ['impossible date-time', '2026-02-30T25%3A61%3A61.000000Z_1'],
  ['negative', '-1'],
  ['array', 'a&$name=b'],
];

/** Path-parameter values, already encoded. */
export const paramAttacks: [string, string][] = [
  ['NUL', '%00'],
  ['broken percent-encoding', '%E0%A4%A'],
  ['encoded surrogate', '%ED%A0%80'],
  ['over-long', 'x'.repeat(2_000)],
  ['dot segments', '..%2F..%2Fetc'],
];

/** URLs no call declares: each must still answer in the envelope. */
export const strayUrls: [string, string][] = [
  ['POST', '/api/%E0%A4%A'],
  ['GET', '/api/%'],
  ['POST', '/api/no/such/call'],
  ['GET', '/api/no/such/call'],
  ['DELETE', '/api/com/n/login'],
  ['POST', `/api/${'x'.repeat(5_000)}`],
];

/** Signs that an answer carries internals: SQL, stack frames, file paths, driver names. */
const internals: [string, RegExp][] = [
  [
    'SQL',
    /\b(select\s[\s\S]{0,400}\sfrom\s|insert into\s|update\s+"?\w+"?\s+set\s|delete from\s)/i,
  ],
  ['SQL parameters', /\bparams?:\s|\$\d+\b/],
  ['stack frame', /\bat\s+\S+\s+\(?[^)\s]*:\d+:\d+/],
  ['file path', /(\/(work|home|usr|tmp|root|opt|app)\/)|node_modules|\.ts:\d+|[A-Z]:\\/],
  ['driver', /\b(pglite|postgres|drizzle|zod|fastify|FST_ERR)\b/i],
];

/** Two English words in a row in a zh-CN message: text that was not translated. */
const untranslated = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/;
/** Schema talk (zod's defaults) in a message people read, in either language. */
const schemaWords = /\b(expected|received|too (big|small)|invalid input)\b|期望|实际接收/i;

export interface Answer {
  status: number;
  contentType: string;
  body: string;
}

/** What is wrong with an answer, or undefined. File answers (images, downloads) may be bytes. */
export function flaw(answer: Answer, opts: { fileCall: boolean; zh: boolean }): string | undefined {
  if (answer.status >= 500) return `${answer.status}`;
  if (opts.fileCall && answer.status === 200 && !answer.contentType.includes('json')) return;
  let envelope: { success?: unknown; errCode?: unknown; msg?: unknown; data?: unknown };
  try {
    envelope = JSON.parse(answer.body);
  } catch {
    return 'non-envelope';
  }
  if (
    !answer.contentType.includes('application/json') ||
    typeof envelope?.success !== 'boolean' ||
    typeof envelope.errCode !== 'number' ||
    typeof envelope.msg !== 'string'
  ) {
    return 'non-envelope';
  }
  if (!envelope.success) {
    for (const [name, pattern] of internals) if (pattern.test(answer.body)) return `leak: ${name}`;
    if (opts.zh && untranslated.test(envelope.msg)) return 'untranslated';
    if (schemaWords.test(envelope.msg)) return 'schema text';
    // A field's reason is shown under the field as it is: in zh-CN, no Latin words in it.
    const reason = (envelope.data as { reason?: unknown } | undefined)?.reason;
    if (opts.zh && typeof reason === 'string' && /\b[a-z]{3,}\b/.test(reason)) {
      return 'untranslated reason';
    }
  }
  return undefined;
}
