import { MAX_LICENCE_MONTHS, TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { rule } from './field-rules.ts';
import { ZList, ZListRequest, ZPasswordDigest, ZSerialId } from './common.ts';
import { ZCaptchaAnswer, ZIsoTime } from './com.ts';
import { ZUuid } from './common.ts';

/** Vendor (super administrator) calls of docs/architecture.md §6 owned by the portal. */

export const ZVendorAccount = z
  .string()
  .trim()
  .max(50, rule('vendorAccount'))
  .regex(/^[A-Za-z0-9_.@-]{3,50}$/, rule('vendorAccount'))
  .describe('Super administrator account name');

export const ZVendorCheckResult = z.object({
  initialized: z.boolean().describe('A super administrator exists'),
});

export const ZVendorInit = z.object({ account: ZVendorAccount, password: ZPasswordDigest });
export const ZVendorLogin = z.object({
  account: ZVendorAccount,
  password: ZPasswordDigest,
  captcha: ZCaptchaAnswer,
});
export const ZVendorLoginResult = z.object({ token: z.string().describe('Send as X-Token') });

export const ZPackage = z.object({
  id: z.string(),
  name: z.string(),
  months: z.number().int(),
  createdAt: ZIsoTime,
  codesIssued: z.number().int(),
  codesUsed: z.number().int(),
});
export type TPackage = z.infer<typeof ZPackage>;

export const ZPackageList = ZList(ZPackage);
export const ZPackageListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(50).optional().describe('Part of the package name'),
});

export const ZPackageEdit = z.object({
  id: ZUuid.optional().describe('Absent: create a package'),
  name: z.string().trim().min(1).max(TEXT_MAX.short),
  months: z
    .number()
    .int()
    .min(1)
    .max(MAX_LICENCE_MONTHS)
    .describe('Months one code of the package adds'),
});
export const ZIdResult = z.object({ id: z.string() });
export const ZPackageRef = z.object({ id: ZUuid });

export const ZMakeCodes = z.object({
  packageId: ZUuid,
  count: z.number().int().min(1).max(1000),
});
export const ZMakeCodesResult = z.object({
  codes: z
    .array(z.string())
    .describe('Single-use codes (XXXX-XXXX-XXXX-XXXX); shown once, only their hash is kept'),
});

/** `/sa/audit`: the vendor's audit log, newest first, in keyset pages. */
export const ZVendorAuditListRequest = z.object({
  tenantId: ZUuid.optional().describe("Only entries about this tenant (its users' included)"),
  keyword: z.string().trim().max(50).optional().describe('Part of the account or the target'),
  action: z.string().trim().max(64).optional().describe('The raw action (a call path), exact'),
  before: ZSerialId.optional().describe('The `next` of the page before: entries older than it'),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export const ZVendorAuditItem = z.object({
  id: z.string(),
  at: ZIsoTime,
  account: z.string().describe('The super administrator, as named then'),
  action: z.string().describe('The path of the call that made the entry'),
  actionLabel: z.string().describe("The action in the caller's language"),
  target: z.string(),
  tenantId: z.string().nullable(),
  detail: z.string().describe('What changed, as JSON text; never a password or a code'),
  ip: z.string(),
});
export const ZVendorAuditPage = z.object({
  list: z.array(ZVendorAuditItem),
  next: z.string().nullable().describe('`before` of the next page; null on the last'),
});
