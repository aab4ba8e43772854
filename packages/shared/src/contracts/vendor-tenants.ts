import { z } from 'zod';
import { ZListRequest } from './common.ts';
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
  createdAt: z.string(),
});
export const ZTenantAct = z.object({ id: z.uuid(), active: z.boolean() });
export const ZTenantEdit = z.object({
  id: z.uuid(),
  domain: ZDomain.optional(),
  sysName: z.string().trim().max(50).optional(),
  company: z.string().trim().min(1).max(100).optional(),
  sms: z.boolean().optional(),
});
export const ZTenantDel = z.object({ id: z.uuid() });

/** `/sa/sys/get`, `/sa/sys/set`: vendor-wide settings. */
export const ZSystemSettings = z.object({
  ownerRegOpen: z
    .boolean()
    .describe('Anyone may set up a tenant for a new host through /owner/n/reg (default off)'),
  defaultSysName: z.string().trim().max(50).describe('System name given to new tenants'),
});
export type TSystemSettings = z.infer<typeof ZSystemSettings>;
