import type { Platform } from '../../platform/platform.ts';
import { CommonErr, PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import { isCommonPasswordDigest } from '../../platform/passwords/index.ts';
import type { RechargeService } from '../balance/index.ts';
import type { Origin } from '../company/index.ts';
import { deletePackage, makeRechargeCodes, savePackage } from '@edp/shared/api/portal/vendor.calls';
import type { VendorActor } from '../../platform/sessions/index.ts';
import type { VendorAuditService } from './vendor-audit-service.ts';
import { vendorRepository } from './vendor-repository.ts';

type Deps = Pick<Platform, 'db' | 'captcha' | 'loginGuard' | 'sessions' | 'passwords'> & {
  /** Recharge codes are portal/balance's: the vendor's packages are sold through them. */
  recharge: Pick<RechargeService, 'makeCodes'>;
  vendorAudit: VendorAuditService;
};

const GUARD_SCOPE = 'vendor';

/** The vendor's super administrator: first set-up, login, recharge packages and codes. */
export function vendorService(deps: Deps) {
  const { db, loginGuard, sessions, passwords, vendorAudit } = deps;
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

    async savePackage(actor: VendorActor, input: { id?: string; name: string; months: number }) {
      const after = { name: input.name, months: input.months };
      let id = input.id;
      let before: { name: string; months: number } | undefined;
      if (!id) id = await repo.insertPackage(input.name, input.months);
      else {
        const pack = await repo.findPackage(id);
        if (!pack || !(await repo.updatePackage(id, input.name, input.months))) {
          throw new AppError(CommonErr.NotFound);
        }
        before = { name: pack.name, months: pack.months };
      }
      await vendorAudit.record(actor, {
        action: savePackage.path,
        target: input.name,
        before,
        after,
      });
      return { id };
    },

    async deletePackage(actor: VendorActor, id: string) {
      const pack = await repo.findPackage(id);
      if (!pack || !(await repo.deletePackage(id))) throw new AppError(CommonErr.NotFound);
      await vendorAudit.record(actor, { action: deletePackage.path, target: pack.name });
    },

    /**
     * New single-use codes worth the package's months now; they are shown this once only, and
     * the log keeps how many, never a code.
     */
    async makeCodes(actor: VendorActor, packageId: string, count: number) {
      const pack = await repo.findPackage(packageId);
      if (!pack) throw new AppError(CommonErr.NotFound);
      const codes = await deps.recharge.makeCodes(pack.id, pack.months, count);
      await vendorAudit.record(actor, {
        action: makeRechargeCodes.path,
        target: pack.name,
        after: { count, months: pack.months },
      });
      return { codes };
    },
  };
}
export type VendorService = ReturnType<typeof vendorService>;
