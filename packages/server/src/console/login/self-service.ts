import type { Caller } from '../access/index.ts';
import { passwordExpired, type LoginContext, type LoginService } from './login-service.ts';
import { bindPhoneBeforeLogin, resetExpiredPassword } from '@edp/shared/api/console/login.calls';
import type { Platform } from '../../platform/platform.ts';
import { CommonErr, ConsoleErr, PortalErr } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import { loginScope, type TenantService } from '../tenants/index.ts';
import { setPassword, type PasswordDeps, type UserService } from '../users/index.ts';
import { userReadModel } from '../store/index.ts';

/** Calls every console user makes about their own account. */
export function selfService(
  deps: PasswordDeps &
    Pick<Platform, 'loginGuard'> & {
      audit: AuditService;
      tenants: TenantService;
      login: LoginService;
      users: Pick<UserService, 'updateOwn'>;
    },
) {
  const { db, clock, loginGuard, passwords, consoleCache, audit, tenants, login } = deps;
  const users = userReadModel(db);

  /** The caller's current password, counted with the account's failed logins (login-guard). */
  async function checkOwnPassword(caller: Caller, digest: string) {
    const { tenantId, userId, account } = caller.actor;
    const { lockCount } = await tenants.loginSettings(tenantId);
    await loginGuard.checkCurrentPassword(
      loginScope(tenantId),
      account,
      caller.ip,
      async () => {
        // The actor may be a cached copy: a password is checked against the row as it is now.
        const user = await users.findById(tenantId, userId);
        return !!user && (await passwords.verify(user.passwordHash, digest));
      },
      lockCount,
    );
  }

  return {
    async updateName(caller: Caller, name: string) {
      const { user } = caller.actor;
      await deps.users.updateOwn(user.tenantId, user.id, { name });
      await audit.change(caller, {
        target: user.account,
        before: { name: user.name },
        after: { name },
      });
    },

    /** Keeps the session it is made from and ends the user's others. */
    async updatePassword(
      caller: Caller,
      oldPassword: string,
      newPassword: string,
      tokenHash: string,
    ) {
      await checkOwnPassword(caller, oldPassword);
      if (oldPassword === newPassword) throw new AppError(PortalErr.PasswordSame);
      await setPassword(deps, caller.actor.user, newPassword, {
        byOther: false,
        keepSession: tokenHash,
      });
      await audit.change(caller, { target: caller.actor.account });
    },

    async updatePhone(caller: Caller, password: string, phone: string) {
      await checkOwnPassword(caller, password);
      const { user } = caller.actor;
      await deps.users.updateOwn(user.tenantId, user.id, { phone });
      await audit.change(caller, {
        target: user.account,
        before: { phone: user.phone },
        after: { phone },
      });
    },

    /**
     * `/user/n/bind/my-phone`: before signing in, an account without a phone binds one, so an
     * SMS-login tenant's users can receive their first code. Counts as a login attempt.
     */
    async bindPhoneBeforeLogin(
      input: { account: string; password: string; phone: string; captcha?: string },
      ctx: LoginContext,
    ) {
      const action = bindPhoneBeforeLogin.path;
      const { tenant, user } = await login.verifyBeforeLogin(
        input.account,
        input.password,
        input.captcha,
        ctx,
        action,
      );
      if (user.phone) throw new AppError(ConsoleErr.PhoneAlreadyBound);
      await deps.users.updateOwn(tenant.id, user.id, { phone: input.phone });
      consoleCache.changed(tenant.id);
      await audit.event({
        ...(await audit.userFields(user)),
        action,
        target: user.account,
        detail: { after: { phone: input.phone } },
        ip: ctx.ip,
        result: 'success',
      });
    },

    /** `/login/n/reset/expire/pwd`: only for an expired (or admin-set) password. */
    async resetExpired(
      input: { account: string; oldPassword: string; newPassword: string; captcha?: string },
      ctx: LoginContext,
    ) {
      const action = resetExpiredPassword.path;
      const { tenant, user, settings } = await login.verifyBeforeLogin(
        input.account,
        input.oldPassword,
        input.captcha,
        ctx,
        action,
      );
      if (!passwordExpired(user, settings, clock())) throw new AppError(CommonErr.Forbidden);
      if (input.oldPassword === input.newPassword) {
        throw new AppError(PortalErr.PasswordSame);
      }
      // A password set by an administrator (the first sign-in) or one that grew too old.
      const note = user.mustChangePassword
        ? 'initial password changed'
        : 'expired password changed';
      await setPassword(deps, user, input.newPassword, { byOther: false });
      await audit.event({
        ...(await audit.userFields(user)),
        action,
        target: user.account,
        detail: { note },
        ip: ctx.ip,
        result: 'success',
      });
      return { login: await login.sessionAfterPasswordChange(tenant, user, settings, ctx) };
    },
  };
}
export type SelfService = ReturnType<typeof selfService>;
