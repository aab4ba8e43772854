import type { TTenantSetup } from '@edp/shared/contracts/console-admin';
import { md5Hex } from '../../../lib/md5.ts';

export const OPTIONAL_DUTIES = ['keyAdmin', 'operator', 'auditor'] as const;
export const DUTY_KEYS = ['admin', ...OPTIONAL_DUTIES] as const;
export type DutyKey = (typeof DUTY_KEYS)[number];

export interface DutyValues {
  include?: boolean;
  account: string;
  name: string;
  password: string;
  repeatPassword?: string;
  phone?: string;
  email?: string;
}

export interface SetupValues {
  company: string;
  sysName?: string;
  domain?: string;
  admin: DutyValues;
  keyAdmin?: DutyValues;
  operator?: DutyValues;
  auditor?: DutyValues;
}

const blankToUndefined = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

function dutyUser(v: DutyValues) {
  return {
    account: v.account.trim(),
    name: v.name.trim(),
    password: md5Hex(v.password),
    phone: blankToUndefined(v.phone),
    email: blankToUndefined(v.email),
  };
}

/** The /owner/n/reg body: passwords hashed, skipped duties and empty fields left out. */
export function setupPayload(values: SetupValues): TTenantSetup {
  const body: TTenantSetup = {
    company: values.company.trim(),
    sysName: values.sysName?.trim() ?? '',
    domain: blankToUndefined(values.domain)?.toLowerCase(),
    admin: dutyUser(values.admin),
  };
  for (const key of OPTIONAL_DUTIES) {
    const duty = values[key];
    if (duty?.include !== false && duty?.account) body[key] = dutyUser(duty);
  }
  return body;
}

/** The duties the setup creates, for the result page. */
export function createdAccounts(
  values: SetupValues,
): { duty: DutyKey; account: string; name: string }[] {
  return DUTY_KEYS.flatMap((key) => {
    const duty = values[key];
    if (!duty?.account || (key !== 'admin' && duty.include === false)) return [];
    return [{ duty: key, account: duty.account.trim().toLowerCase(), name: duty.name.trim() }];
  });
}
