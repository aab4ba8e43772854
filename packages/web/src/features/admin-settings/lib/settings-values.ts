import type { TLoginSettings } from '@edp/shared/contracts/login';

/** True for an empty value or a pattern the browser can compile. */
export function isValidPattern(value: string | undefined): boolean {
  if (!value) return true;
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

/** The form's values as /login/s/set takes them: an empty custom rule is left out. */
export function toSettings(values: TLoginSettings): TLoginSettings {
  const { reg, ...pwdMatch } = values.pwdMatch;
  return { ...values, pwdMatch: reg?.trim() ? { ...pwdMatch, reg: reg.trim() } : pwdMatch };
}
