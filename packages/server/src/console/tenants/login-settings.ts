import type { TLoginSettings } from '@edp/shared/contracts/login';
import type { TLoginSet } from '@edp/shared/contracts/tenant';
import { DEFAULT_PASSWORD_POLICY } from '@edp/shared/rules';
import type { TenantRow } from './tenant-repository.ts';

/** Failed logins within 15 minutes that lock an account (docs/architecture.md §8 item 2). */
export const DEFAULT_LOCK_COUNT = 10;

/** The login guard's scope of a tenant's accounts (their failed logins are counted apart). */
export const loginScope = (tenantId: string) => `login:${tenantId}`;

export const defaultLoginSettings: TLoginSettings = {
  picCodeTag: true,
  pwdMatch: { list: [...DEFAULT_PASSWORD_POLICY.list], range: [...DEFAULT_PASSWORD_POLICY.range] },
  expireDays: 0,
  lockCount: DEFAULT_LOCK_COUNT,
  sms: false,
  mailCode: false,
};

/** A tenant's login settings with the defaults filled in. */
export function loginSettingsOf(tenant: TenantRow): TLoginSettings {
  const stored = tenant.loginSet ?? {};
  return { ...defaultLoginSettings, ...stored, sms: tenant.sms };
}

/** The settings split into the columns they are stored in. */
export function storedLoginSettings(settings: TLoginSettings) {
  const { sms, ...loginSet } = settings;
  return { sms, loginSet };
}

/** The public part shown on the login page (/owner/n/domain). */
export function publicLoginSet(settings: TLoginSettings): TLoginSet {
  const loginSet: TLoginSet = { picCodeTag: settings.picCodeTag, pwdMatch: settings.pwdMatch };
  if (settings.mailCode) loginSet.mailCode = true;
  return loginSet;
}
