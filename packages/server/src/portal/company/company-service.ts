import type { Platform } from '../../platform/platform.ts';
import { CommonErr, PortalErr, type Locale } from '@edp/shared/errors';
import type { TCompanyInfo, TCompanySummary, TRegister } from '@edp/shared/contracts/com';
import { pickLocale } from '@edp/shared/locale';
import { AppError } from '../../platform/errors/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import type { Db } from '../../platform/db/index.ts';
import { companyRepository, type CompanyRow } from './company-repository.ts';
import type { EmailCodeService } from './email-code-service.ts';
import { type EmailCodePurpose } from './email-code-repository.ts';
import { codeMail } from './code-mail.ts';

type Deps = Pick<
  Platform,
  'db' | 'captcha' | 'loginGuard' | 'sessions' | 'mailer' | 'passwords'
> & {
  emailCodes: Pick<EmailCodeService, 'issue' | 'consume'>;
};

/** Where a request came from, for the login guard and the session row. */
export interface Origin {
  ip: string;
  userAgent?: string;
  locale: Locale;
  captchaId?: string;
}

const GUARD_SCOPE = 'company';

export const companySummary = (row: CompanyRow): TCompanySummary => ({
  id: row.id,
  email: row.email,
  company: row.company,
  balance: row.balance,
});

/** Portal accounts: registration, login with lockout, e-mail codes, passwords. */
export function companyService(deps: Deps) {
  const { loginGuard, sessions, mailer, passwords } = deps;
  const repo = companyRepository(deps.db);
  const codes = deps.emailCodes;

  function refuseCommon(digest: string) {
    if (isCommonPasswordDigest(digest)) throw new AppError(PortalErr.PasswordCommon);
  }

  return {
    exists: (email: string) => repo.exists(email),

    /*
     * The balance (months) is a column of the company's row: portal/balance keeps its history
     * and moves it through these, in the caller's transaction `tx` where one is given.
     */
    /** The company's balance in months. */
    balanceOf: (id: string, tx: Db = deps.db) => companyRepository(tx).balanceOf(id),
    /** Takes `months` off the balance if that many are left: the balance after, else undefined. */
    takeFromBalance: (tx: Db, id: string, months: number) =>
      companyRepository(tx).takeFromBalance(id, months),
    /** Adds `months` to the balance: the balance after. */
    addToBalance: (tx: Db, id: string, months: number) =>
      companyRepository(tx).addToBalance(id, months),

    /**
     * Captcha first; a register code for a used address is refused. A reset code for an unknown
     * address is issued (and kept, unusable) but not sent, so that it answers exactly like a
     * known one, the resend delay included: no enumeration.
     */
    async sendCode(email: string, purpose: EmailCodePurpose, captcha: string, origin: Origin) {
      if (!(await deps.captcha.verify('portal', origin.captchaId, captcha))) {
        throw new AppError(PortalErr.CaptchaWrong);
      }
      const row = await repo.findByEmail(email);
      if (purpose === 'register' && row) throw new AppError(PortalErr.EmailExists);
      const code = await codes.issue(email, purpose);
      if (purpose === 'reset' && !row) return;
      const language = row ? pickLocale(row.language) : origin.locale;
      await mailer.send(codeMail(email, purpose, code, language));
    },

    async register(input: TRegister, origin: Origin): Promise<void> {
      if (await repo.exists(input.email)) throw new AppError(PortalErr.EmailExists);
      refuseCommon(input.password);
      if (!(await codes.consume(input.email, 'register', input.code))) {
        throw new AppError(PortalErr.CodeWrong);
      }
      const created = await repo.insert({
        email: input.email,
        passwordHash: await passwords.hash(input.password),
        company: input.company,
        contact: input.contact ?? '',
        phone: input.phone ?? '',
        language: origin.locale,
      });
      if (!created) throw new AppError(PortalErr.EmailExists);
    },

    /** Same answer for an unknown account and a wrong password, in body, status and time. */
    async login(email: string, password: string, captcha: string, origin: Origin) {
      const state = await loginGuard.admit(GUARD_SCOPE, email, origin.ip);
      if (state.locked) throw new AppError(PortalErr.AccountLocked);
      if (!(await deps.captcha.verify('portal', origin.captchaId, captcha))) {
        throw new AppError(PortalErr.CaptchaWrong);
      }
      const row = await repo.findByEmail(email);
      const good = await passwords.verify(row?.passwordHash ?? (await passwords.dummy()), password);
      if (!row || !good) {
        await loginGuard.recordFailure(GUARD_SCOPE, email, origin.ip);
        throw new AppError(PortalErr.LoginFailed);
      }
      await loginGuard.recordSuccess(GUARD_SCOPE, email);
      const token = await sessions.create({
        kind: 'company',
        subjectId: row.id,
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return { token, company: companySummary(row) };
    },

    /** Sets a new password from an e-mail code and ends every session of the company. */
    async resetPassword(email: string, code: string, password: string): Promise<void> {
      refuseCommon(password);
      const row = await repo.findByEmail(email);
      // An unknown address spends no code and answers like a wrong code.
      if (!row || !(await codes.consume(email, 'reset', code))) {
        throw new AppError(PortalErr.CodeWrong);
      }
      await repo.setPassword(row.id, await passwords.hash(password));
      await sessions.revokeAllOf('company', row.id);
      await loginGuard.recordSuccess(GUARD_SCOPE, email);
    },

    /**
     * Changes the password while signed in; other sessions of the company end. Wrong old
     * passwords count as failed logins of the account (login-guard: locked after 10).
     */
    async changePassword(
      id: string,
      oldDigest: string,
      newDigest: string,
      session: { tokenHash: string; ip: string },
    ) {
      const row = await repo.findById(id);
      if (!row) throw new AppError(CommonErr.SessionExpired);
      await loginGuard.checkCurrentPassword(GUARD_SCOPE, row.email, session.ip, () =>
        passwords.verify(row.passwordHash, oldDigest),
      );
      if (newDigest === oldDigest) throw new AppError(PortalErr.PasswordSame);
      refuseCommon(newDigest);
      await repo.setPassword(id, await passwords.hash(newDigest));
      await sessions.revokeAllOf('company', id, session.tokenHash);
    },

    async info(id: string): Promise<TCompanyInfo> {
      const row = await repo.findById(id);
      if (!row) throw new AppError(CommonErr.SessionExpired);
      return {
        ...companySummary(row),
        contact: row.contact,
        phone: row.phone,
        createdAt: row.createdAt.toISOString(),
      };
    },
  };
}

export type CompanyService = ReturnType<typeof companyService>;
