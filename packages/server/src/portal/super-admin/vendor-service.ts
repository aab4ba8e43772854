import type { Platform } from '../../platform/platform.ts';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import type { RechargeService } from '../balance/index.ts';
import type { Origin } from '../company/index.ts';
import { companyReadModel } from '../store/index.ts';
import { vendorRepository } from './vendor-repository.ts';

type Deps = Pick<Platform, 'db' | 'captcha' | 'loginGuard' | 'sessions' | 'passwords'> & {
  /** Recharge codes are portal/balance's: the vendor's packages are sold through them. */
  recharge: Pick<RechargeService, 'makeCodes'>;
};

const GUARD_SCOPE = 'vendor';

/** The vendor's super administrator: first set-up, login, recharge packages and codes. */
export function vendorService(deps: Deps) {
  const { db, loginGuard, sessions, passwords } = deps;
  const repo = vendorRepository(db);

  return {
    isInitialized: async () => (await repo.adminCount()) > 0,

    async init(account: string, password: string) {
      if (isCommonPasswordDigest(password)) throw new AppError(PortalErr.PasswordCommon);
      const created = await repo.insertFirstAdmin(account, await passwords.hash(password));
      if (!created) throw new AppError(PortalErr.AlreadyInitialized);
    },

    /** Lockout and answers as for companies (docs/architecture.md §8.2), in the 'vendor' scope. */
    async login(account: string, password: string, captcha: string, origin: Origin) {
      const state = await loginGuard.admit(GUARD_SCOPE, account, origin.ip);
      if (state.locked) throw new AppError(PortalErr.AccountLocked);
      if (!(await deps.captcha.verify('vendor', origin.captchaId, captcha))) {
        throw new AppError(PortalErr.CaptchaWrong);
      }
      const admin = await repo.findAdmin(account);
      const good = await passwords.verify(
        admin?.passwordHash ?? (await passwords.dummy()),
        password,
      );
      if (!admin || !good) {
        await loginGuard.recordFailure(GUARD_SCOPE, account, origin.ip);
        throw new AppError(PortalErr.LoginFailed);
      }
      await loginGuard.recordSuccess(GUARD_SCOPE, account);
      const token = await sessions.create({
        kind: 'vendor',
        subjectId: admin.id,
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return { token };
    },

    packages: repo.packagePage,
    /** The companies are portal/company's: listed through its read model. */
    companies: companyReadModel(db).page,

    async savePackage(input: { id?: string; name: string; months: number }) {
      if (!input.id) return { id: await repo.insertPackage(input.name, input.months) };
      if (!(await repo.updatePackage(input.id, input.name, input.months))) {
        throw new AppError(CommonErr.NotFound);
      }
      return { id: input.id };
    },

    async deletePackage(id: string) {
      if (!(await repo.deletePackage(id))) throw new AppError(CommonErr.NotFound);
    },

    /** New single-use codes worth the package's months now; they are shown this once only. */
    async makeCodes(packageId: string, count: number) {
      const pack = await repo.findPackage(packageId);
      if (!pack) throw new AppError(CommonErr.NotFound);
      return { codes: await deps.recharge.makeCodes(pack.id, pack.months, count) };
    },
  };
}
export type VendorService = ReturnType<typeof vendorService>;
