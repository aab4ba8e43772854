import { consoleLogin, tokenLogin } from '@edp/shared/api/console/login.calls';
import type { Platform } from '../../platform/platform.ts';
import { AUTO_LOGIN_TTL_MS } from '@edp/shared/constants';
import type {
  TLoginRequest,
  TLoginResult,
  TLoginSettings,
  TLoginToken,
} from '@edp/shared/contracts/login';
import { CommonErr, ConsoleErr, PortalErr, type Locale } from '@edp/shared/errors';
import { AppError } from '../../platform/errors/index.ts';
import type { AuditService } from '../audit/index.ts';
import { loginScope, loginSettingsOf, type TenantService } from '../tenants/index.ts';
import type { TenantRow } from '../tenants/index.ts';
import { userReadModel, type UserRow } from '../store/index.ts';
import type { UserService } from '../users/index.ts';
import { loadActor, type Caller } from '../access/index.ts';
import { autoLoginTokens } from './auto-login.ts';
import { loginCodes, type SmsGateway } from './login-codes.ts';
import { userInfoOf } from '../access/index.ts';

export interface LoginContext {
  host: string | undefined;
  ip: string;
  userAgent?: string;
  captchaId?: string;
  locale: Locale;
}

/** Login codes (SMS or e-mail) are a second factor the tenant requires. */
const codesRequired = (settings: TLoginSettings) => settings.sms || settings.mailCode;

/** True when the user must change the password before signing in. */
export function passwordExpired(user: UserRow, settings: TLoginSettings, now: number) {
  if (user.mustChangePassword) return true;
  const days = settings.expireDays;
  return days > 0 && user.passwordChangedAt.getTime() + days * 86_400_000 < now;
}

/**
 * Console sign-in (docs/architecture.md §8 items 2-5): tenant by host, address and account limits
 * with the tenant's lockout count, captcha before password, the same answer for an unknown
 * account and a wrong password, then the optional SMS or e-mail code and the password expiry.
 * Every attempt is written to the tenant's audit log.
 */
export function loginService(
  deps: Pick<
    Platform,
    | 'db'
    | 'captcha'
    | 'config'
    | 'loginGuard'
    | 'mailer'
    | 'sessions'
    | 'passwords'
    | 'autoLoginKey'
    | 'clock'
    | 'log'
  > & {
    audit: AuditService;
    tenants: TenantService;
    users: Pick<UserService, 'setAutoLogin'>;
    sms: SmsGateway;
  },
) {
  const { db, clock, loginGuard, sessions, passwords, audit, tenants } = deps;
  // Reads of users are the store's; their writes (the auto-login link) the users module's.
  const users = userReadModel(db);
  const codes = loginCodes({
    db,
    clock,
    dataDir: deps.config.dataDir,
    mailer: deps.mailer,
    sms: deps.sms,
    log: deps.log,
  });
  const tokens = autoLoginTokens(deps.autoLoginKey);

  /** Audits a failed attempt and throws its code. */
  async function refuse(
    tenant: TenantRow,
    ctx: LoginContext,
    action: string,
    account: string,
    code: number,
    user?: UserRow,
  ): Promise<never> {
    await audit.event({
      ...(user ? await audit.userFields(user) : { tenantId: tenant.id, account }),
      action,
      target: account,
      ip: ctx.ip,
      result: 'failure',
      errCode: code,
    });
    throw new AppError(code);
  }

  /**
   * The checks before a password may be tried: address and account limits and the captcha.
   * Shared by the login, the expired-password change and binding a phone before login.
   */
  async function admit(
    tenant: TenantRow,
    account: string,
    captcha: string | undefined,
    ctx: LoginContext,
    action: string,
  ) {
    const settings = loginSettingsOf(tenant);
    const scope = loginScope(tenant.id);
    const state = await loginGuard.admit(scope, account, ctx.ip, settings.lockCount);
    if (state.locked || state.accountFailures >= settings.lockCount) {
      await refuse(tenant, ctx, action, account, PortalErr.AccountLocked);
    }
    if (settings.picCodeTag || state.captchaRequired) {
      if (!captcha && !settings.picCodeTag) {
        await refuse(tenant, ctx, action, account, PortalErr.CaptchaRequired);
      }
      if (!(await deps.captcha.verify('login', ctx.captchaId, captcha))) {
        await refuse(tenant, ctx, action, account, PortalErr.CaptchaWrong);
      }
    }
    return { settings, scope };
  }

  /** The user behind account + password, or a counted failure with one answer for both cases. */
  async function checkPassword(
    tenant: TenantRow,
    account: string,
    password: string,
    ctx: LoginContext,
    scope: string,
    action: string,
  ) {
    const found = await users.findByAccount(tenant.id, account);
    const user = found && found.status !== 'deleted' ? found : undefined;
    const matches = await passwords.verify(
      user?.passwordHash ?? (await passwords.dummy()),
      password,
    );
    if (!user || !matches) {
      await loginGuard.recordFailure(scope, account, ctx.ip);
      return refuse(tenant, ctx, action, account, PortalErr.LoginFailed, user);
    }
    if (user.status === 'disabled')
      await refuse(tenant, ctx, action, account, ConsoleErr.UserDisabled, user);
    return user;
  }

  async function startSession(tenant: TenantRow, user: UserRow, ctx: LoginContext, action: string) {
    await loginGuard.recordSuccess(loginScope(tenant.id), user.account);
    const actor = await loadActor(db, user.id, tenant.id, new Date(clock()));
    if (!actor) throw new AppError(PortalErr.LoginFailed);
    const token = await sessions.create({
      kind: 'user',
      subjectId: user.id,
      tenantId: tenant.id,
      ip: ctx.ip,
      userAgent: ctx.userAgent,
    });
    await audit.event({
      ...audit.actorFields(actor),
      action,
      target: user.account,
      ip: ctx.ip,
      result: 'success',
    });
    return { token, user: userInfoOf(actor) } satisfies TLoginResult;
  }

  return {
    async login(input: TLoginRequest, ctx: LoginContext): Promise<TLoginResult> {
      const action = consoleLogin.path;
      const tenant = await tenants.requireActive(ctx.host);
      const { settings, scope } = await admit(tenant, input.account, input.captcha, ctx, action);
      const user = await checkPassword(tenant, input.account, input.password, ctx, scope, action);
      if (codesRequired(settings)) {
        const byMail = settings.mailCode && !!user.email;
        if (settings.sms && !user.phone && !byMail) {
          await refuse(tenant, ctx, action, user.account, ConsoleErr.PhoneNotBound, user);
        }
        if (!settings.sms && !byMail) {
          await refuse(tenant, ctx, action, user.account, ConsoleErr.EmailNotBound, user);
        }
        if (!input.code)
          await refuse(tenant, ctx, action, user.account, ConsoleErr.CodeRequired, user);
        if (!(await codes.verify(user.id, input.code!))) {
          await loginGuard.recordFailure(scope, user.account, ctx.ip);
          await refuse(tenant, ctx, action, user.account, PortalErr.CodeWrong, user);
        }
      }
      if (passwordExpired(user, settings, clock())) {
        // The user did nothing wrong: the password was right and they are sent to change it
        // (-10060 answers that). The log says so rather than counting a failed sign-in.
        await audit.event({
          ...(await audit.userFields(user)),
          action,
          target: user.account,
          detail: { note: 'sent to set a new password' },
          ip: ctx.ip,
          result: 'success',
        });
        throw new AppError(ConsoleErr.PasswordExpired);
      }
      return startSession(tenant, user, ctx, action);
    },

    /**
     * The session that follows an expired password's change: its password and captcha were
     * just proven, so signing in again would only ask the same twice. Where the tenant requires
     * login codes there is none: the user signs in again with a code.
     */
    async sessionAfterPasswordChange(
      tenant: TenantRow,
      user: UserRow,
      settings: TLoginSettings,
      ctx: LoginContext,
    ): Promise<TLoginResult | undefined> {
      if (codesRequired(settings)) return undefined;
      return startSession(tenant, user, ctx, consoleLogin.path);
    },

    /** The tenant and the user for the expired-password change and the pre-login phone binding. */
    async verifyBeforeLogin(
      account: string,
      password: string,
      captcha: string | undefined,
      ctx: LoginContext,
      action: string,
    ) {
      const tenant = await tenants.requireActive(ctx.host);
      const { settings, scope } = await admit(tenant, account, captcha, ctx, action);
      const user = await checkPassword(tenant, account, password, ctx, scope, action);
      await loginGuard.recordSuccess(scope, account);
      return { tenant, user, settings };
    },

    /** Sends a login code by SMS (preferred when on and a phone is bound) or e-mail. */
    async sendCode(account: string, captcha: string | undefined, ctx: LoginContext) {
      const tenant = await tenants.requireActive(ctx.host);
      const settings = loginSettingsOf(tenant);
      if (!settings.sms && !settings.mailCode) throw new AppError(CommonErr.Forbidden);
      if (settings.picCodeTag && !(await deps.captcha.verify('login', ctx.captchaId, captcha))) {
        throw new AppError(PortalErr.CaptchaWrong);
      }
      const user = await users.findByAccount(tenant.id, account);
      // The answer is "sent" whether or not the account exists, so it reveals no accounts.
      if (!user || user.status !== 'normal') return;
      if (settings.sms && user.phone) {
        await codes.send(user.id, { channel: 'sms', address: user.phone }, ctx.locale, {
          tenantId: tenant.id,
          ip: ctx.ip,
        });
      } else if (settings.mailCode && user.email) {
        await codes.send(user.id, { channel: 'email', address: user.email }, ctx.locale, {
          tenantId: tenant.id,
          ip: ctx.ip,
        });
      }
    },

    /**
     * `/login/n/token/login`: the link stands in for the password only. Where the tenant requires
     * login codes it would skip that second factor, so it is refused outright (-10083); an expired
     * link answers like an unknown one.
     */
    async tokenLogin(loginToken: string, ctx: LoginContext): Promise<TLoginResult> {
      const action = tokenLogin.path;
      const tenant = await tenants.requireActive(ctx.host);
      if (codesRequired(loginSettingsOf(tenant))) {
        await refuse(tenant, ctx, action, '', ConsoleErr.AutoLoginNeedsCode);
      }
      const scope = loginScope(tenant.id);
      await loginGuard.admit(scope, 'auto-login', ctx.ip, Infinity);
      const user = await users.findByAutoLoginHash(tokens.hashOf(loginToken));
      const live = (user?.autoLoginExpiresAt?.getTime() ?? 0) > clock();
      if (!user || !live || user.tenantId !== tenant.id || user.status === 'deleted') {
        await loginGuard.recordFailure(scope, 'auto-login', ctx.ip);
        return refuse(tenant, ctx, action, '', PortalErr.LoginFailed);
      }
      if (user.status === 'disabled')
        await refuse(tenant, ctx, action, user.account, ConsoleErr.UserDisabled, user);
      if (passwordExpired(user, loginSettingsOf(tenant), clock())) {
        await refuse(tenant, ctx, action, user.account, ConsoleErr.PasswordExpired, user);
      }
      return startSession(tenant, user, ctx, action);
    },

    /**
     * `/login/gt`: the current auto-login token and its end, or a new one (ng 1, or when the
     * current one is dead), good for AUTO_LOGIN_TTL_MS. None where login codes are required.
     */
    async autoLoginToken(actorUser: UserRow, regenerate: boolean): Promise<TLoginToken> {
      if (codesRequired(await tenants.loginSettings(actorUser.tenantId))) {
        throw new AppError(ConsoleErr.AutoLoginNeedsCode);
      }
      // The actor's row may be a cached copy; the nonce is read as it is now.
      const user = (await users.findById(actorUser.tenantId, actorUser.id)) ?? actorUser;
      const end = user.autoLoginExpiresAt;
      if (user.autoLoginNonce && end && end.getTime() > clock() && !regenerate) {
        const current = tokens.tokenOf(user.id, user.autoLoginNonce);
        if (tokens.hashOf(current) === user.autoLoginHash) {
          return { loginToken: current, expiresAt: end.toISOString() };
        }
        // Made under an earlier auto-login key: that link is dead, so a new one follows.
      }
      const nonce = tokens.newNonce();
      const token = tokens.tokenOf(user.id, nonce);
      const expiresAt = new Date(clock() + AUTO_LOGIN_TTL_MS);
      await deps.users.setAutoLogin(user.tenantId, user.id, {
        nonce,
        hash: tokens.hashOf(token),
        expiresAt,
      });
      return { loginToken: token, expiresAt: expiresAt.toISOString() };
    },

    /** `/login/login/out`: ends this session and the user's auto-login link with it. */
    async logout(caller: Caller, sessionTokenHash: string) {
      const { tenantId, userId, account } = caller.actor;
      await sessions.revoke(sessionTokenHash);
      await deps.users.setAutoLogin(tenantId, userId, null);
      await audit.change(caller, { target: account });
    },
  };
}
export type LoginService = ReturnType<typeof loginService>;
