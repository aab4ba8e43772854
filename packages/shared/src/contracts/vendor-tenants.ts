import { z } from 'zod';
import { USER_STATUSES } from '../permissions.ts';
import { ZEmail, ZListRequest, ZPasswordDigest, ZUuid } from './common.ts';
import { ZDomain } from './console-admin.ts';

/** `/sa/ows`: the tenants of the management console, for the vendor's super administrator. */
export const ZTenantListRequest = ZListRequest.extend({
  keyword: z.string().trim().max(50).optional().describe('Part of domain, company or system name'),
});
export const ZTenantItem = z.object({
  id: z.string(),
  domain: z.string(),
  sysName: z.string(),
  company: z.string(),
  sms: z.boolean(),
  status: z.enum(['active', 'inactive']),
  userCount: z.number().int().describe('Users, not counting deleted ones'),
  roleCount: z.number().int(),
  groupCount: z.number().int(),
  /** SPEC §3: whether the tenant has initialised its keys (docs/keys.md); never a key. */
  keyInitialised: z.boolean(),
  customer: z
    .object({ id: z.string(), company: z.string() })
    .nullable()
    .describe('The customer (portal company) the vendor linked the tenant to'),
  createdAt: z.string(),
});
export const ZTenantAct = z.object({ id: z.uuid(), active: z.boolean() });
export const ZTenantEdit = z.object({
  id: z.uuid(),
  domain: ZDomain.optional(),
  sysName: z.string().trim().max(50).optional(),
  company: z.string().trim().min(1).max(100).optional(),
  sms: z.boolean().optional(),
  companyId: ZUuid.nullable()
    .optional()
    .describe('Links the tenant to this customer (a portal company); null unlinks it'),
});
export const ZTenantDel = z.object({ id: z.uuid() });

/**
 * `/sa/ous` ("owner users"): a tenant's console users as the vendor sees them when a customer
 * asks for help, never a password or its hash (docs/decisions.md, "/sa/ous and /sa/oup").
 */
export const ZOwnerUserListRequest = ZListRequest.extend({
  tenantId: ZUuid,
  keyword: z.string().trim().max(50).optional().describe('Part of account, name, phone or e-mail'),
});
export const ZOwnerUserItem = z.object({
  id: z.string(),
  account: z.string(),
  name: z.string(),
  roleName: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  adminTag: z.boolean().describe('The first system administrator, made at setup'),
  mustChangePassword: z.boolean().describe('Must choose a new password at the next sign-in'),
  passwordChangedAt: z.string(),
  createdAt: z.string(),
});
/**
 * `/sa/oup` ("owner user password"): the vendor sets a new password for a tenant's user, who
 * must change it at the next sign-in; the user's sessions end.
 */
export const ZOwnerUserPassword = z.object({
  tenantId: ZUuid,
  id: ZUuid,
  password: ZPasswordDigest,
});

/** `/sa/sys/get`, `/sa/sys/set`: vendor-wide settings. */
export const ZSystemSettings = z.object({
  ownerRegOpen: z
    .boolean()
    .describe('Anyone may set up a tenant for a new host through /owner/n/reg (default off)'),
  defaultSysName: z.string().trim().max(50).describe('System name given to new tenants'),
  supportEmail: z
    .union([ZEmail, z.literal('')])
    .default('')
    .describe("Where customers' new support requests and replies are mailed; '' for nowhere"),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
