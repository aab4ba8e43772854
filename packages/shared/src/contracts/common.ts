import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.ts';
import { MD5_HEX_PATTERN } from '../rules.ts';

/** The envelope every answer carries (docs/architecture.md §5). */
export const ZEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    errCode: z.number().int().describe('0 on success; see errors.ts'),
    msg: z.string().describe('Localised by Accept-Language'),
    data: data.optional(),
  });

export type TEnvelope<T> = { success: boolean; errCode: number; msg: string; data?: T };

export const ZEmpty = z.object({}).describe('No fields');

export const ZListRequest = z.object({
  page: z.coerce.number().int().min(1).default(1).describe('1-based page number'),
  pageSize: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZES as readonly number[]).includes(n), 'must be 10, 20, 30, 40 or 50')
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
export const ZPasswordDigest = z
  .string()
  .regex(MD5_HEX_PATTERN, 'must be the lower-case hex MD5 of the password');

export const ZId = z.string().min(1).max(64);
