import { z } from 'zod';
import { TEXT_MAX } from '../constants.ts';
import { ZDate, ZSerialId, ZUuid, readTimeIdCursor } from './common.ts';
import { rule } from './field-rules.ts';
import { ZUploadedFile } from './uploads.ts';
import {
  ATTACHMENTS_MAX,
  ATTACHMENT_BYTES_MAX,
  REQUEST_PRIORITIES,
  REQUEST_STATUSES,
  TEST_STATUSES,
} from './support-requests-values.ts';

export * from './support-requests-values.ts';

/**
 * Requests and their Q&A (SPEC §3, §4; docs/portal.md "Support requests"): a customer tells the vendor of
 * a problem or a need from the portal, the vendor's team answers and moves it along. Called
 * "support requests" in code, beside the portal's licence requests; "Requests" on screens.
 */

const ZText = (max: number) => z.string().trim().max(max);

const ZAttachments = z
  .array(ZUploadedFile(Math.ceil(ATTACHMENT_BYTES_MAX / 3) * 4))
  .max(ATTACHMENTS_MAX)
  .default([])
  .describe(`Files (base64), at most ${ATTACHMENTS_MAX}, each at most 5 MiB`);
/** The body limit of a call that carries attachments: all of them in base64, and the rest. */
export const ATTACHMENTS_BODY_MAX =
  ATTACHMENTS_MAX * Math.ceil(ATTACHMENT_BYTES_MAX / 3) * 4 + 64 * 1024;

export const ZRequestFile = z.object({
  id: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  side: z.enum(['customer', 'vendor']),
  createdAt: z.string(),
});
export const ZRequestFileParams = z.object({ id: ZUuid });

export const ZRequestAdd = z.object({
  project: ZText(TEXT_MAX.company).default(''),
  product: ZText(TEXT_MAX.short).min(1),
  title: ZText(200).min(1),
  description: ZText(10_000).min(1),
  priority: z.enum(REQUEST_PRIORITIES),
  expectedAt: ZDate.describe('Expected resolution time'),
  remarks: ZText(2_000).default(''),
  files: ZAttachments,
});

export const ZRequestItem = z.object({
  id: z.string(),
  no: z.string().describe('The request number, as people quote it'),
  companyId: z.string(),
  company: z.string(),
  project: z.string(),
  product: z.string(),
  title: z.string(),
  priority: z.enum(REQUEST_PRIORITIES),
  expectedAt: z.string(),
  status: z.enum(REQUEST_STATUSES),
  statusReason: z.string().describe('Why it was dismissed (or solved), for the customer'),
  testStatus: z.enum(TEST_STATUSES).nullable(),
  overdue: z.boolean(),
  replies: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TRequestItem = z.infer<typeof ZRequestItem>;

export const ZRequestMessage = z.object({
  id: z.string(),
  side: z.enum(['customer', 'vendor']),
  author: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export const ZRequestDetail = ZRequestItem.extend({
  description: z.string(),
  remarks: z.string(),
  messages: z.array(ZRequestMessage),
  files: z.array(ZRequestFile),
});

/**
 * What a request list sorts by: each is a keyset over (that column, number), so a deep page
 * costs what the first does (support_requests_expected_idx, support_requests_updated_idx).
 */
export const REQUEST_SORTS = ['no', 'expectedAt', 'updatedAt'] as const;
export type RequestSort = (typeof REQUEST_SORTS)[number];

const ZListFilter = {
  status: z.enum(REQUEST_STATUSES).optional(),
  priority: z.enum(REQUEST_PRIORITIES).optional(),
  overdue: z.boolean().optional().describe('Only requests past their expected time, still open'),
  keyword: z.string().trim().max(50).optional().describe('Part of the title or the project'),
  sort: z
    .enum(REQUEST_SORTS)
    .default('no')
    .describe(
      'no: by number (opening order); expectedAt: by expected time; updatedAt: by last change',
    ),
  order: z.enum(['asc', 'desc']).default('desc'),
  cursor: z
    .string()
    .max(200)
    .refine((c) => ZSerialId.safeParse(c).success || readTimeIdCursor(c) !== null, rule('cursor'))
    .optional()
    .describe('The `next` of the page before, read in the same sort and order'),
  pageSize: z.number().int().min(1).max(100).default(20),
};
export const ZRequestListRequest = z.object(ZListFilter);
export const ZVendorRequestListRequest = z.object({
  ...ZListFilter,
  companyId: ZUuid.optional(),
});
export const ZRequestPage = z.object({
  list: z.array(ZRequestItem),
  next: z.string().nullable().describe('`cursor` of the next page; null on the last'),
  overdue: z
    .number()
    .int()
    .describe('Open requests past their expected time, whatever the page, up to OVERDUE_COUNT_MAX'),
});

export const ZRequestRef = z.object({ id: ZUuid });
export const ZRequestReply = z.object({
  id: ZUuid,
  body: ZText(10_000).min(1),
  files: ZAttachments,
});
export const ZRequestStatus = z.object({
  id: ZUuid,
  status: z.enum(REQUEST_STATUSES),
  reason: ZText(2_000).default('').describe('Required to dismiss; the customer reads it'),
});
export const ZRequestTest = z.object({ id: ZUuid, testStatus: z.enum(TEST_STATUSES) });
