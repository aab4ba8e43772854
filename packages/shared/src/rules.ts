import { PASSWORD_DEFAULT_RANGE } from './constants.ts';

/** Character classes an owner's password policy may require (docs/product.md §5). */
export type PasswordClass = 'upper' | 'lower' | 'number' | 'special';

export interface PasswordPolicy {
  /** A pattern that replaces the class rule when given. */
  reg?: string;
  list: PasswordClass[];
  range: [number, number];
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = {
  list: ['upper', 'lower', 'number'],
  range: [...PASSWORD_DEFAULT_RANGE],
};

const classPatterns: Record<PasswordClass, RegExp> = {
  upper: /[A-Z]/,
  lower: /[a-z]/,
  number: /\d/,
  special: /[^A-Za-z0-9\s]/,
};

/** True when the clear-text password satisfies the policy (default: 8-20, upper, lower, digit). */
export function passwordSatisfies(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
): boolean {
  const [min, max] = policy.range;
  if (password.length < min || password.length > max) return false;
  if (/\s/.test(password)) return false;
  if (policy.reg) {
    try {
      return new RegExp(policy.reg).test(password);
    } catch {
      return false;
    }
  }
  return policy.list.every((cls) => classPatterns[cls].test(password));
}

/** Mainland China mobile: optional +86 or 0086, then 1, 3-9, then 9 digits (docs/product.md §5). */
export const PHONE_PATTERN = /^(?:\+86|0086)?1[3-9]\d{9}$/;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const IPV4_PATTERN =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
/** Git repository address: http, https or ssh, ending in .git (docs/product.md §5). */
export const GIT_URL_PATTERN = /^(?:https?|ssh):\/\/\S+\.git$/;
/** Absolute POSIX or Windows path. */
export const FILE_PATH_PATTERN = /^(?:\/[^\0]*|[A-Za-z]:\\[^\0]*)$/;
/** User and display names: required, no white space, under 20 characters (docs/product.md §5). */
export const NAME_PATTERN = /^\S{1,19}$/;
/** SMS template placeholders (docs/product.md §5). */
export const SMS_PLACEHOLDERS = { code: '#c#', phone: '#m#', ip: '#ip#' } as const;

export function isPort(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** Start must not exceed end; both must be given for a complete interval. */
export function isRange(start: number | undefined, end: number | undefined): boolean {
  return start !== undefined && end !== undefined && start <= end;
}

/** Lower-case hex MD5 digest, the form in which passwords travel (docs/architecture.md §5). */
export const MD5_HEX_PATTERN = /^[0-9a-f]{32}$/;
