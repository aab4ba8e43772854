import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ConsoleErr } from '@edp/shared/errors';
import { captchaIdHash } from '../platform/captcha/index.ts';
import { captchas, consoleUsers } from '../platform/db/schema/index.ts';
import { md5Hex } from '../platform/passwords/password-hash.ts';
import { call } from './harness.ts';

/** Helpers for the console tests: set up a tenant, sign its people in, call as them. */

export const pwd = (clear: string) => md5Hex(clear);
export const PASSWORD = 'Initial#Pass1';
export const NEW_PASSWORD = 'Changed#Pass2';

export const dutyUser = (account: string, name = account) => ({
  account,
  name,
  password: pwd(PASSWORD),
});

/** `/owner/n/reg` for `host` with the four duties (or only the administrator), captcha off. */
export async function setupTenant(
  app: FastifyInstance,
  host: string,
  opts: { allDuties?: boolean; prefix?: string; headers?: Record<string, string> } = {},
) {
  const p = opts.prefix ?? '';
  const body = {
    company: `${host} Ltd`,
    sysName: `${host} console`,
    admin: dutyUser(`${p}admin`),
    ...(opts.allDuties === false
      ? {}
      : {
          keyAdmin: dutyUser(`${p}keys`),
          operator: dutyUser(`${p}operator`),
          auditor: dutyUser(`${p}auditor`),
        }),
    loginSet: { picCodeTag: false },
  };
  const res = await call<{ ownerId: string }>(app, '/owner/n/reg', body, {
    host,
    ...opts.headers,
  });
  if (!res.body.success) throw new Error(`setup failed: ${JSON.stringify(res.body)}`);
  return res.body.data!.ownerId;
}

/** Signs in; a password that must be changed first is changed to NEW_PASSWORD on the way. */
export async function signIn(
  app: FastifyInstance,
  host: string,
  account: string,
  clear = PASSWORD,
): Promise<string> {
  let res = await call<{ token: string }>(
    app,
    '/login/n/login',
    { account, password: pwd(clear) },
    { host },
  );
  if (res.body.errCode === ConsoleErr.PasswordExpired) {
    const reset = await call(
      app,
      '/login/n/reset/expire/pwd',
      { account, oldPassword: pwd(clear), newPassword: pwd(NEW_PASSWORD) },
      { host },
    );
    if (!reset.body.success) throw new Error(`reset failed: ${JSON.stringify(reset.body)}`);
    res = await call(app, '/login/n/login', { account, password: pwd(NEW_PASSWORD) }, { host });
  }
  if (!res.body.success) throw new Error(`login of ${account} failed: ${JSON.stringify(res.body)}`);
  return res.body.data!.token;
}

/** A caller bound to a host and a token. */
export function as(app: FastifyInstance, host: string, token: string) {
  return <T = unknown>(url: string, body?: unknown, headers: Record<string, string> = {}) =>
    call<T>(app, url, body ?? {}, { host, 'x-token': token, ...headers });
}

/**
 * Waits until the console has made a waiting command for the device (a synchronous call just
 * sent, say), so an engine played by a test checks in after it exists: a set sleep lets a busy
 * machine check in first, and the command then waits for the next check-in.
 */
export async function commandMade(caller: ReturnType<typeof as>, deviceId: string) {
  for (let tries = 0; tries < 250; tries++) {
    const waiting = await caller<{ total: number }>('/dv/m/task/logs', {
      deviceId,
      state: 'waiting',
    });
    if (waiting.body.data!.total > 0) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no command was made for ${deviceId}`);
}

/** Fetches a login captcha and returns its cookie header and its answer (read from the table). */
export async function loginCaptcha(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/login/n/get-captcha-img' });
  const cookie = res.cookies.find((c) => c.name === 'edp_captcha_login')!;
  const idHash = captchaIdHash('login', cookie.value);
  const [row] = await app.platform.db.select().from(captchas).where(eq(captchas.idHash, idHash));
  return { cookie: `edp_captcha_login=${cookie.value}`, answer: row!.answer, response: res };
}

export async function userIdOf(app: FastifyInstance, tenantId: string, account: string) {
  const rows = await app.platform.db
    .select()
    .from(consoleUsers)
    .where(eq(consoleUsers.account, account));
  return rows.find((r) => r.tenantId === tenantId)!.id;
}
