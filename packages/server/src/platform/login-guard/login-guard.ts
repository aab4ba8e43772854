import { CommonErr, PortalErr } from '@edp/shared/errors';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors/index.ts';
import { loginFailureRepository } from './login-failure-repository.ts';

const ACCOUNT_WINDOW_MS = 15 * 60_000;
const CAPTCHA_AFTER = 5;
const LOCK_AFTER = 10;
const IP_WINDOW_MS = 60 * 60_000;
/** Higher than the per-account limit, so one office behind one address is not locked out by one person. */
const IP_LIMIT = 100;

export interface LoginGuardState {
  /** Failures of the account in the last 15 minutes (a tenant may lock below 10). */
  accountFailures: number;
  /** 10 failures in 15 minutes: the account is locked until the oldest of them ages out. */
  locked: boolean;
  /** 5 failures in 15 minutes: a captcha is required even where the login form has none. */
  captchaRequired: boolean;
  /** About 100 failures an hour from this address: refuse further tries from it. */
  addressBlocked: boolean;
}

/**
 * Counts failed logins per account and per source address (docs/architecture.md §8 item 2).
 * `scope` keeps the portal, the console (per tenant) and the vendor accounts apart.
 */
export function loginGuard(db: Db, now: () => number = Date.now) {
  const since = (ms: number) => new Date(now() - ms);
  const failures = loginFailureRepository(db);
  const guard = {
    async state(scope: string, account: string, ip: string): Promise<LoginGuardState> {
      const [byAccount, byAddress] = await Promise.all([
        failures.countForAccount(scope, account, since(ACCOUNT_WINDOW_MS)),
        failures.countForAddress(ip, since(IP_WINDOW_MS)),
      ]);
      return {
        accountFailures: byAccount,
        locked: byAccount >= LOCK_AFTER,
        captchaRequired: byAccount >= CAPTCHA_AFTER,
        addressBlocked: byAddress >= IP_LIMIT,
      };
    },

    async recordFailure(scope: string, account: string, ip: string) {
      await failures.insert(scope, account, ip, new Date(now()));
      await failures.deleteBefore(since(IP_WINDOW_MS));
    },

    /** A successful login clears the account's count (the address count stays). */
    async recordSuccess(scope: string, account: string) {
      await failures.deleteForAccount(scope, account);
    },

    /**
     * A signed-in caller's current password (changing the password or the phone), under the
     * login's limits: a session alone must not let anyone guess the password without end. A
     * wrong password counts as a failed login of the account (-10031); once the failures reach
     * `lockAfter` (a console tenant's lockCount, else 10) no password is tried until they age
     * out of the 15 minutes, and login is locked alike. A right one clears the count, as a login.
     */
    async checkCurrentPassword(
      scope: string,
      account: string,
      ip: string,
      matches: () => Promise<boolean>,
      lockAfter = LOCK_AFTER,
    ) {
      const state = await guard.state(scope, account, ip);
      if (state.addressBlocked) throw new AppError(CommonErr.TooMany);
      if (state.locked || state.accountFailures >= lockAfter) {
        throw new AppError(PortalErr.PasswordLocked);
      }
      if (!(await matches())) {
        await guard.recordFailure(scope, account, ip);
        throw new AppError(PortalErr.OldPasswordWrong);
      }
      await guard.recordSuccess(scope, account);
    },
  };
  return guard;
}

export type LoginGuard = ReturnType<typeof loginGuard>;
