import { MAX_LICENCE_MONTHS, TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { rule } from './field-rules.ts';
import { ZList, ZListRequest, ZPasswordDigest } from './common.ts';
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

export const ZCompanyListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(100).optional().describe('Part of e-mail, company or contact'),
});
export const ZCompanyRow = z.object({
  id: z.string(),
  email: z.string(),
  company: z.string(),
  contact: z.string(),
  phone: z.string(),
  balance: z.number().int(),
  licenceCount: z.number().int(),
  createdAt: ZIsoTime,
});
export type TCompanyRow = z.infer<typeof ZCompanyRow>;
export const ZCompanyList = ZList(ZCompanyRow);
