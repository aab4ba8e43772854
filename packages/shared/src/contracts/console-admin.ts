import { TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { ZDate, ZEmail, ZListRequest, ZPasswordDigest } from './common.ts';
import { rule } from './field-rules.ts';
import { ZAccount, ZLoginSettings } from './login.ts';
import { ZName, ZPhone } from './user.ts';

/** A host name as a tenant's key: lower-case, no port. */
export const ZDomain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253, rule('hostName'))
  .regex(/^[a-z0-9.-]{1,253}$|^\[[0-9a-f:.]+\]$/, rule('hostName'));

const ZDutyUser = z.object({
  account: ZAccount,
  name: ZName,
  password: ZPasswordDigest,
  phone: ZPhone.optional(),
  email: ZEmail.optional(),
});
export type TDutyUser = z.infer<typeof ZDutyUser>;

/**
 * `/owner/n/reg`: initial setup. Creates the tenant and its system administrator, and the
 * password manager, security operator and auditor when given. Skipping all three makes the
 * system administrator a super role holding every duty (docs/product.md §6).
 */
export const ZTenantSetup = z.object({
  domain: ZDomain.optional().describe("Default: the request's host"),
  sysName: z.string().trim().max(TEXT_MAX.short).default(''),
  company: z.string().trim().min(1).max(TEXT_MAX.company),
  admin: ZDutyUser.describe('System administrator'),
  keyAdmin: ZDutyUser.optional().describe('Password (key) manager'),
  operator: ZDutyUser.optional().describe('Security operator'),
  auditor: ZDutyUser.optional().describe('Auditor'),
  loginSet: ZLoginSettings.partial().optional(),
});
export type TTenantSetup = z.infer<typeof ZTenantSetup>;
export const ZTenantSetupResult = z.object({ ownerId: z.string(), domain: z.string() });

/** `/owner/n/reg/state`: whether setup is open to the public and the host already has a tenant. */
export const ZRegState = z.object({
  open: z.boolean().describe('No tenant exists yet (or the vendor allows self-setup)'),
  registered: z.boolean().describe("The request's host already has a tenant"),
});

// ——— audit ———

export const AUDIT_RESULTS = ['success', 'failure'] as const;

export const ZAuditFilter = z.object({
  from: ZDate.optional(),
  to: ZDate.optional(),
  account: z.string().trim().max(64).optional().describe('Actor account (exact)'),
  action: z.string().trim().max(64).optional().describe('e.g. login, /user/add'),
  result: z.enum(AUDIT_RESULTS).optional(),
  keyword: z.string().trim().max(50).optional().describe('Part of the target'),
});
export const ZAuditListRequest = ZListRequest.extend(ZAuditFilter.shape);

export const ZAuditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  account: z.string(),
  roleName: z.string(),
  duty: z.string().describe("Actor's menu modes, comma-separated; empty for an unknown actor"),
  action: z.string(),
  target: z.string(),
  detail: z.unknown().describe('{ before?, after?, note? } summary'),
  ip: z.string(),
  result: z.enum(AUDIT_RESULTS),
  errCode: z.number().int(),
});
export type TAuditItem = z.infer<typeof ZAuditItem>;
