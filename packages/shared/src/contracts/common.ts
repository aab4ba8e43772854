import { z } from 'zod';
import { BUILT_IN_ROLE_KEYS } from '../built-in-roles.ts';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { EMAIL_PATTERN, MD5_HEX_PATTERN } from '../rules.ts';
import { rule } from './field-rules.ts';

/** The envelope every answer carries (docs/architecture.md §5). */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    errCode: z.number().int().describe('0 on success; see errors.ts'),
    msg: z.string().describe('Localised by Accept-Language'),
    data: data.optional(),
  });

export type TEnvelope<T> = { success: boolean; errCode: number; msg: string; data?: T };

/**
 * The `data` of a refused request (errCode -10001) that names its field: `field` is the path
 * with its part (`body.admin.account`, `query.page`), `reason` the why in the caller's language
 * without the field, for a form to show under it.
 */
export type TFieldRefusal = { field: string; reason: string };

export const ZEmpty = z.object({}).describe('No fields');

export const ZListRequest = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), rule('pageSize'))
    .default(DEFAULT_PAGE_SIZE),
});
export type TListRequest = z.infer<typeof ZListRequest>;

export const ZList = <T extends z.ZodType>(item: T) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
export type TList<T> = { list: T[]; total: number; page: number; pageSize: number };

/** A password as it travels: lower-case hex MD5 of the clear text. */
export const ZPasswordDigest = z.string().max(32).regex(MD5_HEX_PATTERN, rule('md5'));

export const ZId = z.string().min(1).max(64);

/** A record id. */
export const ZUuid = z.uuid().describe('Record id');

/** An e-mail address, compared case-insensitively (stored lower-case). */
export const ZEmail = z.string().trim().toLowerCase().max(254).regex(EMAIL_PATTERN, rule('email'));

/** A 6-digit code sent by e-mail or SMS. */
export const ZSixDigits = z
  .string()
  .max(6)
  .regex(/^\d{6}$/, rule('sixDigits'));

/** The dates every calendar and the database can hold; outside them a date is a typo or an attack. */
export const DATE_RANGE = {
  min: new Date('1970-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59Z'),
};

/** Epoch milliseconds inside DATE_RANGE. */
const inDateRange = (ms: number) =>
  Number.isSafeInteger(ms) && ms >= DATE_RANGE.min.getTime() && ms <= DATE_RANGE.max.getTime();

/** ISO 8601 as requests write it: a day, or a day and time with seconds, fraction and zone. */
const ISO_TIME =
  /^(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.\d{1,9})?)?(?:Z|([+-])(\d\d):?(\d\d))?)?$/;

/** Days in a month of the Gregorian calendar (month 1–12). */
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * Is `y-m-d h:mi:s` a time the calendar has? `Date` reads 2026-02-30 as 2 March and 24:00 as the
 * next day, so a typo would quietly ask for another day (issue 34: a report made for March).
 */
export function isCalendarTime(y: number, m: number, d: number, h = 0, mi = 0, s = 0): boolean {
  return m >= 1 && m <= 12 && d >= 1 && d <= daysIn(y, m) && h <= 23 && mi <= 59 && s <= 59;
}

/**
 * A request's date-time as a Date, or an invalid Date for anything that is not one: ISO 8601
 * text of a real calendar time (zone offsets within ±23:59), epoch milliseconds as a number or
 * digits (query strings), or a Date. Other text (`Feb 3 2026`) is refused, not guessed at.
 */
function calendarDate(value: unknown): unknown {
  if (value instanceof Date) return value;
  if (typeof value === 'number') return new Date(value);
  if (typeof value !== 'string') return value;
  if (/^-?\d{1,16}$/.test(value)) return new Date(Number(value));
  const t = ISO_TIME.exec(value);
  const n = (i: number) => Number(t?.[i] ?? 0);
  if (!t || !isCalendarTime(n(1), n(2), n(3), n(4), n(5), n(6)) || n(9) > 23 || n(10) > 59)
    return new Date(NaN);
  // Read as `Date` always read it (a day alone is midnight UTC): only impossible ones change.
  return new Date(value);
}

/**
 * A date-time in a request (ISO 8601 or epoch milliseconds), a real calendar time inside
 * DATE_RANGE: `Date` and PostgreSQL disagree on what lies beyond (year 0, ±8.64e15 ms), so
 * nothing beyond is let in.
 */
export const ZDate = z.preprocess(
  calendarDate,
  z
    .date({ error: rule('date') })
    .min(DATE_RANGE.min, rule('date'))
    .max(DATE_RANGE.max, rule('date')),
);

/** PostgreSQL's bigint (int8): an id past it is no row's, and the database refuses to read it. */
export const INT8_MAX = 9_223_372_036_854_775_807n;
/**
 * Within int8, checked only on digits: zod runs a refinement even after its regex failed, and
 * BigInt('abc') throws (which answered a bad id as malformed JSON).
 */
const withinInt8 = (s: string) => /^\d{1,20}$/.test(s) && BigInt(s) <= INT8_MAX;

/**
 * A bigint row id as it travels: decimal text (JSON numbers lose digits past 2^53), 1 to
 * INT8_MAX. Every id of a bigint table a request names goes through it.
 */
export const ZSerialId = z
  .string()
  .max(20)
  .regex(/^[1-9][0-9]*$/, rule('serialId'))
  .refine(withinInt8, rule('serialId'));

/** A bound on such ids: '0' (none at all) or an id. */
export const ZSerialBound = z
  .string()
  .max(20)
  .regex(/^(0|[1-9][0-9]*)$/, rule('serialId'))
  .refine(withinInt8, rule('serialId'));

/** A keyset page's position: the last row's time as the database wrote it, and its id. */
export interface TimeIdKey {
  /** ISO 8601 to the microsecond, UTC (`2026-11-26T08:00:01.000000Z`). */
  at: string;
  /** A bigint id as text. */
  id: string;
}

const TIME_ID = /^((\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.\d{6}Z)_([1-9][0-9]{0,18})$/;

/** A page's `next` for rows keyed by time and bigint id. */
export const timeIdCursor = (k: TimeIdKey): string => `${k.at}_${k.id}`;

/**
 * The key a `next` names, or null when it names none: a time the calendar has not, outside
 * DATE_RANGE, or an id past int8 (each once answered 500 from the database, issue 34).
 */
export function readTimeIdCursor(c: string): TimeIdKey | null {
  const m = TIME_ID.exec(c);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(2, 8).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isCalendarTime(y, mo, d, h, mi, s)) return null;
  const at = Date.parse(m[1]!);
  if (!inDateRange(at)) return null;
  if (BigInt(m[8]!) > INT8_MAX) return null;
  return { at: m[1]!, id: m[8]! };
}

/** A `cursor` of a page keyed by time and bigint id: the `next` of the page before. */
export const ZTimeIdCursor = z
  .string()
  .max(200)
  .refine((c) => readTimeIdCursor(c) !== null, rule('cursor'))
  .describe('The `next` of the previous page: entries older than it');

/**
 * Does a base64url `next` of a page keyed by time and record id (`<epoch ms>.<uuid>`) name a
 * time inside DATE_RANGE? Past ±8.64e15 ms `Date` is invalid and the database was asked for it.
 */
export function isMsUuidCursor(c: string): boolean {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(c)) return false;
  let text: string;
  try {
    text = atob(c.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return false;
  }
  const m = /^(-?\d{1,16})\.[0-9a-f-]{36}$/.exec(text);
  return !!m && inDateRange(Number(m[1]));
}

/** A `cursor` of a page keyed by time (ms) and record id: the `next` of the page before. */
export const ZMsUuidCursor = z
  .string()
  .max(200)
  .refine(isMsUuidCursor, rule('cursor'))
  .describe('The `next` of the previous page');

/** A built-in role's key (built-in-roles.ts); null for a role users made. */
export const ZRoleKey = z
  .enum(BUILT_IN_ROLE_KEYS)
  .nullable()
  .describe("A built-in role's key: show its name in the reader's language; null: show roleName");
