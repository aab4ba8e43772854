import { TEXT_MAX } from '../constants.ts';
import { z } from 'zod';
import { MENU_MODES, ROLE_PERMISSIONS } from '../permissions.ts';
import { ZPasswordDigest, ZRoleKey, ZSixDigits } from './common.ts';
import { rule } from './field-rules.ts';
import { ZPasswordClass } from './tenant.ts';

/** A console account: 1-64 characters, no white space; case-insensitive (stored lower-case). */
export const ZAccount = z
  .string()
  .trim()
  .toLowerCase()
  .max(64, rule('account'))
  .regex(/^\S{1,64}$/, rule('account'));

const ZCaptchaAnswer = z.string().trim().max(10).optional().describe('Captcha answer, when shown');
const ZLoginCode = ZSixDigits.optional();

/** `/login/n/login`. `code` is needed when the tenant turns on SMS or e-mail login codes. */
export const ZLoginRequest = z.object({
  account: ZAccount,
  password: ZPasswordDigest,
  captcha: ZCaptchaAnswer,
  code: ZLoginCode.describe('6-digit login code from /login/n/send/code, when enabled'),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

/** The signed-in console user (docs/product.md §3 user info plus the duty it opens). */
export const ZUserInfo = z.object({
  id: z.string(),
  account: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  tenantId: z.string(),
  roleId: z.string().nullable(),
  roleName: z.string(),
  roleKey: ZRoleKey,
  userType: z.number().int().describe('1 super, 2 system administrator, 3 other'),
  permission: z.enum(ROLE_PERMISSIONS).nullable(),
  menus: z
    .array(z.enum(MENU_MODES))
    .describe('Role menu modes, own role and proxies in their window'),
  adminTag: z.boolean(),
  sysAdmin: z.boolean(),
  keyAdmin: z.number().int(),
  logAdmin: z.boolean(),
  mgrAdmin: z.boolean(),
  proxies: z.array(
    z.object({
      roleId: z.string(),
      roleName: z.string(),
      roleKey: ZRoleKey,
      startAt: z.string(),
      endAt: z.string(),
    }),
  ),
});
export type TUserInfo = z.infer<typeof ZUserInfo>;

export const ZLoginResult = z.object({ token: z.string(), user: ZUserInfo });
export type TLoginResult = z.infer<typeof ZLoginResult>;

/** `/login/n/reset/expire/pwd`: an expired (or admin-set) password is changed before signing in. */
/** `/login/n/reset/expire/pwd`: the change signs the user in, unless the tenant requires codes. */
export const ZExpiredPasswordChanged = z.object({
  login: ZLoginResult.optional().describe(
    'The new session; absent where the tenant requires login codes (sign in again with one)',
  ),
});

export const ZResetExpiredPwd = z.object({
  account: ZAccount,
  oldPassword: ZPasswordDigest,
  newPassword: ZPasswordDigest,
  captcha: ZCaptchaAnswer,
});

/** `/login/n/send/code`: always answers "sent", whether the account exists or not. */
export const ZSendCode = z.object({ account: ZAccount, captcha: ZCaptchaAnswer });

/** `/login/gt`: ng 1 makes a new auto-login token (voiding the old), 0 gives the current one. */
export const ZGetToken = z.object({ ng: z.union([z.literal(0), z.literal(1)]).default(0) });
export const ZLoginToken = z.object({
  loginToken: z.string(),
  expiresAt: z
    .string()
    .describe('ISO date-time the link stops working (AUTO_LOGIN_TTL_MS after it was made)'),
});
export type TLoginToken = z.infer<typeof ZLoginToken>;

/** `/login/n/token/login`. */
export const ZTokenLogin = z.object({ loginToken: z.string().min(20).max(100) });

/** Login settings of a tenant (`/login/s/get-set`, `/login/s/set`). */
export const ZLoginSettings = z.object({
  picCodeTag: z.boolean().describe('Captcha on the login page'),
  pwdMatch: z.object({
    reg: z
      .string()
      .max(TEXT_MAX.pattern)
      .optional()
      .describe('A pattern that replaces the class rule'),
    list: z.array(ZPasswordClass).min(1).max(ZPasswordClass.options.length),
    range: z
      .tuple([z.number().int().min(6).max(128), z.number().int().min(6).max(128)])
      .refine(([min, max]) => min <= max, rule('rangeOrder')),
  }),
  expireDays: z.number().int().min(0).max(3650).describe('Password expiry in days; 0 never'),
  lockCount: z
    .number()
    .int()
    .min(3)
    .max(10)
    .describe('Failed logins within 15 minutes that lock the account for 15 minutes'),
  sms: z.boolean().describe('Login needs a code sent by SMS to the bound phone'),
  mailCode: z.boolean().describe('Login needs a code sent by e-mail'),
});
export type TLoginSettings = z.infer<typeof ZLoginSettings>;
