import { TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { ZDate, ZEmail, ZListRequest, ZPasswordDigest, ZRoleKey } from './common.ts';
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
  action: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('The raw action, as /owner/l/log/actions lists them, e.g. /user/add'),
  result: z.enum(AUDIT_RESULTS).optional(),
  keyword: z.string().trim().max(50).optional().describe('Part of the target'),
});
export const ZAuditListRequest = ZListRequest.extend(ZAuditFilter.shape);

/**
 * An IANA time zone the server's runtime knows (e.g. Asia/Shanghai, Europe/Berlin, UTC): the
 * CSV export writes its times in it. Bounded before the runtime is asked.
 */
export const ZTimeZone = z
  .string()
  .max(64, rule('timeZone'))
  .regex(/^[A-Za-z][A-Za-z0-9_+\-/]*$/, rule('timeZone'))
  .refine(knownTimeZone, rule('timeZone'));

function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The CSV export: the list's filters, and the reader's time zone (default UTC). */
export const ZAuditExportQuery = ZAuditFilter.extend({
  tz: ZTimeZone.optional().describe("The reader's IANA time zone for the times; default UTC"),
});

/** One field of an entry's before/after, as a reader reads it (field-by-field, labelled). */
export const ZAuditChange = z.object({
  field: z.string().describe('The raw field name in detail'),
  label: z.string().describe("The field's name in the caller's language"),
  before: z.string().nullable().describe('Readable value before; null when not recorded'),
  after: z.string().nullable().describe('Readable value after; null when not recorded'),
  changed: z.boolean().describe('Recorded on both sides, with different values'),
  time: z.boolean().describe('The values are ISO times: show them in the reader’s time zone'),
});
export type TAuditChange = z.infer<typeof ZAuditChange>;

export const ZAuditItem = z.object({
  id: z.number().int(),
  at: z.string(),
  account: z.string(),
  roleName: z.string().describe('The name the role had then (see roleKey)'),
  roleKey: ZRoleKey,
  duty: z
    .string()
    .describe(
      "Actor's menu modes when acting, proxied roles' included, comma-separated; empty for an unknown actor. Decides who reads the entry: one holding 'audit' is read by the system administrator too",
    ),
  dutyLabel: z.string().describe("The duties in the caller's language"),
  action: z.string().describe('The raw action (the call path): filter by it'),
  actionLabel: z.string().describe("What was done, in the caller's language"),
  target: z.string().describe('As recorded (the keyword filter searches it)'),
  targetLabel: z
    .string()
    .describe("The target in the caller's language: a bulk action's devices counted and named"),
  devices: z
    .array(z.object({ id: z.string(), name: z.string() }))
    .describe('Devices the entry names, to link to (of a bulk action, its first 40 by name)'),
  moreDevices: z.number().int().describe('Devices a bulk action touched beyond those named'),
  detail: z.unknown().describe('{ before?, after?, note?, devices?, count? } as recorded'),
  changes: z.array(ZAuditChange).describe('detail as readable fields'),
  note: z.string().describe("detail's note in the caller's language; empty when none"),
  ip: z.string(),
  result: z.enum(AUDIT_RESULTS),
  errCode: z.number().int(),
  reason: z.string().describe("errCode's message in the caller's language; empty on success"),
});
export type TAuditItem = z.infer<typeof ZAuditItem>;

/** `/owner/l/log/actions`: the actions the log may hold, labelled, for the action filter. */
export const ZAuditActions = z.object({
  list: z.array(z.object({ action: z.string(), label: z.string() })),
});
