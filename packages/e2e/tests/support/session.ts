import { createCipheriv } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { md5 } from './company.ts';
import { vendor, vendorToken } from './portal.ts';

/**
 * Signed-in pages without the login form, for the tests whose subject is not signing in: the
 * session is made through the login API, and the page starts with what the app keeps in local
 * storage after a sign-in (packages/web/src/lib/session.ts). The form itself is tested by the
 * tests that are about it (admin-duties, admin-i18n, admin-settings, admin-users, foundation,
 * portal-account, portal-journey, vendor).
 */

/**
 * A stored value as packages/web/src/lib/storage.ts writes it: AES-128-CBC with the key and IV
 * shipped in the bundle, PKCS#7 padding, base64 (the format crypto-js first wrote). Should they
 * drift apart, the app reads the session as absent and the tests fail at the login page.
 */
function encryptValue(value: unknown): string {
  const cipher = createCipheriv('aes-128-cbc', 'edp-console-k16!', 'edp-console-iv16');
  return Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]).toString(
    'base64',
  );
}

interface Envelope<T> {
  success: boolean;
  msg: string;
  data: T;
}

async function post<T>(request: APIRequestContext, url: string, data: unknown): Promise<T> {
  const res = await request.post(`/api${url}`, { data, headers: { 'Accept-Language': 'en-US' } });
  const body = (await res.json()) as Envelope<T>;
  expect(body.success, `${url}: ${body.msg}`).toBe(true);
  return body.data;
}

// Each injection has a number; a page keeps the newest one it applied in `e2e.session`, so that
// the script (run again at every navigation) stores a session only once: signing out then
// stays signed out, and a second sign-in in the same page replaces the first.
let injections = 0;

async function startWith(page: Page, items: Record<string, unknown>) {
  const seq = ++injections;
  const stored = Object.entries(items).map(([key, value]) => [`edp.${key}`, encryptValue(value)]);
  await page.addInitScript(
    ({ seq, stored }) => {
      if (Number(localStorage.getItem('e2e.session') ?? 0) >= seq) return;
      for (const [key, value] of stored) localStorage.setItem(key!, value!);
      localStorage.setItem('e2e.session', String(seq));
    },
    { seq, stored },
  );
}

/**
 * Opens `path` of the management console signed in as `who`. `request` must reach the tenant
 * (the console tests' `request` carries its host).
 */
export async function signInAdmin(
  page: Page,
  request: APIRequestContext,
  who: { account: string; password: string },
  path = '/admin',
) {
  const answer = await post<{ token: string; user: Record<string, unknown> }>(
    request,
    '/login/n/login',
    { account: who.account, password: md5(who.password), captcha: 'x' },
  );
  await startWith(page, { token: answer.token, user: answer.user });
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: /Main menu|主菜单/ })).toBeVisible();
}

/** Signs the page in as the company `who`: its next page opens signed in. */
export async function companySession(
  page: Page,
  request: APIRequestContext,
  who: { email: string; password: string },
) {
  const answer = await post<{
    token: string;
    company: { id: string; email: string; company: string; balance: number };
  }>(request, '/com/n/login', { email: who.email, password: md5(who.password), captcha: 'x' });
  const { id, email, company, balance } = answer.company;
  await startWith(page, { token: answer.token, company: { id, email, company, balance } });
}

/** Opens `path` of the portal signed in as the company `who`. */
export async function signInCompany(
  page: Page,
  request: APIRequestContext,
  who: { email: string; password: string },
  path = '/myauth',
) {
  await companySession(page, request, who);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: /Main menu|主菜单/ })).toBeVisible();
}

/**
 * Opens `path` of the vendor's administration signed in as the seeded super administrator
 * (the worker's API session, packages/web/src/lib/vendor-session.ts). `request` must reach the
 * main server.
 */
export async function signInVendor(page: Page, request: APIRequestContext, path = '/sa') {
  const token = await vendorToken(request);
  await startWith(page, { vendor: { account: vendor().account, token } });
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: /Main menu|主菜单/ })).toBeVisible();
}
