import { z } from 'zod';

/** `/owner/n/ts`, `/sa/n/sys`: server time in milliseconds, and `unp` (the public key id). */
export const ZSysTime = z.object({
  ts: z.number().int().describe('Server time, milliseconds since the epoch'),
  unp: z.string().describe('Identifier of the vendor signing key the server trusts'),
});
export type TSysTime = z.infer<typeof ZSysTime>;

export const ZPasswordClass = z.enum(['upper', 'lower', 'number', 'special']);

export const ZLoginSet = z.object({
  picCodeTag: z.boolean().describe('Captcha required on the console login'),
  pwdMatch: z.object({
    reg: z.string().optional().describe('A pattern that replaces the class rule'),
    list: z.array(ZPasswordClass),
    range: z.tuple([z.number().int().min(1), z.number().int().max(128)]),
  }),
  mailCode: z.boolean().optional().describe('Login needs a code sent by e-mail (see sms for SMS)'),
});
export type TLoginSet = z.infer<typeof ZLoginSet>;

/** `/owner/n/domain`: the tenant of the request's host (docs/product.md §3 owner info). */
export const ZTenantInfo = z.object({
  sysName: z.string().describe('System name shown as page title; empty for the default'),
  company: z.string(),
  sms: z.boolean().describe('SMS login code enabled'),
  loginSet: ZLoginSet,
});
export type TTenantInfo = z.infer<typeof ZTenantInfo>;

/** loginSet as stored for a tenant: the public part plus the settings only the server uses. */
export type TStoredLoginSet = TLoginSet & { expireDays?: number; lockCount?: number };
