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

/**
 * A date-time in a request (ISO 8601 or epoch milliseconds), inside DATE_RANGE: `Date` and
 * PostgreSQL disagree on what lies beyond (year 0, ±8.64e15 ms), so nothing beyond is let in.
 */
export const ZDate = z.coerce
  .date({ error: rule('date') })
  .min(DATE_RANGE.min, rule('date'))
  .max(DATE_RANGE.max, rule('date'));

/** A built-in role's key (built-in-roles.ts); null for a role users made. */
export const ZRoleKey = z
  .enum(BUILT_IN_ROLE_KEYS)
  .nullable()
  .describe("A built-in role's key: show its name in the reader's language; null: show roleName");
