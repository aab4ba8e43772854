import { normalizeIP } from '@fastify/rate-limit';
import { PortalErr } from '@edp/shared/errors';
import type { Db } from '../db/index.ts';
import { AppError } from '../errors/index.ts';
import { loginFailureRepository } from './login-failure-repository.ts';

const WINDOW_MS = 15 * 60_000;
const CAPTCHA_AFTER = 5;
const LOCK_AFTER = 10;
/**
 * Failures from one address on one sign-in screen in 15 minutes after which every sign-in from
 * it there needs a captcha and waits after the address's last failure. Well above what an
 * office's mistyped passwords make, well below what guessing across accounts needs.
 */
const ADDRESS_NOISY_AFTER = 20;
/** The wait after a noisy address's last failure: 1 s, doubling with each failure, at most this. */
const MAX_WAIT_S = 30;

/** IPv6 hosts are counted by /64, as the rate limit counts them: one host holds a /64. */
const addressKey = (ip: string) => normalizeIP(ip);

export interface LoginGuardState {
  /** Failures of the account in the last 15 minutes (a tenant may lock below 10). */
  accountFailures: number;
  /** 10 failures in 15 minutes: the account is locked until the oldest of them ages out. */
  locked: boolean;
  /**
   * A captcha is required even where the sign-in form has none: 5 failures of the account, or
   * 20 from the address on this screen, in 15 minutes.
   */
  captchaRequired: boolean;
  /**
   * Seconds before a password may be tried again from this address on this screen (0: now).
   * From its 20th failure in 15 minutes an address waits after each failure 1 s, 2, 4, … 30 s.
   */
  waitSeconds: number;
}

/**
 * Counts failed logins per account and per source address (docs/architecture.md §8 item 2).
 * `scope` is the sign-in screen: the portal ('company'), the vendor's ('vendor') and each
 * console tenant's (`login:<tenant>`) keep their accounts, and their addresses' counts, apart.
 *
 * An account is protected wherever the guesses come from: a captcha after 5 failures, a lock
 * after 10. An address is never shut out: with many failures on a screen it is asked for a
 * captcha and slowed to one try per at most 30 s, so a noisy machine behind an office's address
 * costs its colleagues a captcha and a short wait, not an hour (docs/decisions.md).
 */
export function loginGuard(db: Db, now: () => number = Date.now) {
  const since = (ms: number) => new Date(now() - ms);
  const failures = loginFailureRepository(db);
  const guard = {
    async state(scope: string, account: string, ip: string): Promise<LoginGuardState> {
      const [byAccount, byAddress] = await Promise.all([
        failures.countForAccount(scope, account, since(WINDOW_MS)),
        failures.forAddress(scope, addressKey(ip), since(WINDOW_MS)),
      ]);
      const noisy = byAddress.count >= ADDRESS_NOISY_AFTER;
      let waitSeconds = 0;
      if (noisy && byAddress.last) {
        const wait = Math.min(MAX_WAIT_S, 2 ** (byAddress.count - ADDRESS_NOISY_AFTER));
        const left = byAddress.last.getTime() + wait * 1000 - now();
        waitSeconds = left > 0 ? Math.ceil(left / 1000) : 0;
      }
      return {
        accountFailures: byAccount,
        locked: byAccount >= LOCK_AFTER,
        captchaRequired: byAccount >= CAPTCHA_AFTER || noisy,
        waitSeconds,
      };
    },

    /**
     * The state before a sign-in tries a password, refusing it (429, -10038, with the seconds
     * and Retry-After) while the address must wait. Such a refusal tries no password and spends
     * no captcha, so it counts as no failure. An account the caller locks (`lockAfter`
     * failures: a console tenant's lockCount, else 10; Infinity for a sign-in with no account
     * lock) is left to the caller to answer as locked: waiting would not open it, and a locked
     * account tries no password.
     */
    async admit(
      scope: string,
      account: string,
      ip: string,
      lockAfter = LOCK_AFTER,
    ): Promise<LoginGuardState> {
      const state = await guard.state(scope, account, ip);
      if (state.waitSeconds > 0 && state.accountFailures < lockAfter) {
        throw new AppError(PortalErr.LoginWait, { seconds: state.waitSeconds });
      }
      return state;
    },

    async recordFailure(scope: string, account: string, ip: string) {
      await failures.insert(scope, account, addressKey(ip), new Date(now()));
      await failures.deleteBefore(since(WINDOW_MS));
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
     * The address is not limited here: a session only ever tries its own account's password.
     */
    async checkCurrentPassword(
      scope: string,
      account: string,
      ip: string,
      matches: () => Promise<boolean>,
      lockAfter = LOCK_AFTER,
    ) {
      const state = await guard.state(scope, account, ip);
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
