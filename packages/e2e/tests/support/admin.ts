import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The names of a test tenant (the first-run wizard's, and those of console-test.ts). */
export const TENANT = { company: 'E2E Corp', sysName: 'E2E Protect' } as const;

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');
export const uniq = (prefix: string) => `${prefix}${randomBytes(3).toString('hex')}`;

export type Duty = 'admin' | 'keyAdmin' | 'operator' | 'auditor';
export interface ConsoleAccount {
  account: string;
  name: string;
  password: string;
}
export type ConsoleAccounts = Record<Duty, ConsoleAccount>;

/** A console call through the API (seeding data a test needs, not what it tests). */
export async function api<T = unknown>(
  request: APIRequestContext,
  token: string | undefined,
  call: string,
  data: unknown = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const res = await request.post(`/api${call}`, {
    data,
    headers: {
      'Accept-Language': 'en-US',
      ...(token ? { 'X-Token': token } : {}),
      ...headers,
    },
  });
  const body = (await res.json()) as { success: boolean; msg: string; data: T };
  expect(body.success, `${call}: ${body.msg}`).toBe(true);
  return body.data;
}

export async function apiLogin(request: APIRequestContext, who: ConsoleAccount): Promise<string> {
  const data = await api<{ token: string }>(request, undefined, '/login/n/login', {
    account: who.account,
    password: md5(who.password),
    captcha: 'x',
  });
  return data.token;
}

/** A ready-to-use console user (role given), its forced first password change already done. */
export async function createUser(
  request: APIRequestContext,
  token: string,
  roleId: string,
  extra: Record<string, unknown> = {},
): Promise<ConsoleAccount & { id: string }> {
  const account = uniq('u');
  const first = 'First#Pass123';
  const password = 'Ready#Pass123';
  const { id } = await api<{ id: string }>(request, token, '/user/add', {
    account,
    name: account,
    password: md5(first),
    roleId,
    ...extra,
  });
  await api(request, undefined, '/login/n/reset/expire/pwd', {
    account,
    oldPassword: md5(first),
    newPassword: md5(password),
    captcha: 'x',
  });
  return { id, account, name: account, password };
}

export async function roleIdOf(request: APIRequestContext, token: string, name: string) {
  const roles = await api<{ list: { id: string; name: string }[] }>(
    request,
    token,
    '/user/role/list',
    {
      page: 1,
      pageSize: 50,
    },
  );
  const role = roles.list.find((r) => r.name === name);
  expect(role, `role ${name}`).toBeTruthy();
  return role!.id;
}

const text = {
  'en-US': { account: 'Account', password: 'Password', captcha: 'Captcha', submit: /^Log in$/ },
  // antd puts a space between the two characters of a Chinese button label.
  'zh-CN': { account: '账号', password: '密码', captcha: '验证码', submit: /^登\s?录$/ },
};

/**
 * Signs in through /admin/login as a user does, for the tests about signing in (the others use
 * signInAdmin, session.ts). The tenant's login settings decide whether the captcha shows
 * (CAPTCHA=off accepts any answer): when it appears, answer and submit again.
 */
export async function loginAdmin(
  page: Page,
  who: ConsoleAccount,
  lang: 'zh-CN' | 'en-US' = 'en-US',
) {
  const t = text[lang];
  await page.goto('/admin/login');
  const form = page.locator('form[id="admin-login"]');
  await form.getByLabel(t.account, { exact: true }).fill(who.account);
  await form.getByLabel(t.password, { exact: true }).fill(who.password);
  const captcha = form.getByLabel(t.captcha, { exact: true });
  const menu = page.getByRole('navigation', { name: /Main menu|主菜单/ });
  for (let attempt = 0; attempt < 3; attempt++) {
    if (await captcha.isVisible()) await captcha.fill('abcd');
    await form.getByRole('button', { name: t.submit }).click();
    await expect(menu.or(form.getByRole('alert')).first()).toBeVisible();
    if (await menu.isVisible()) return;
  }
  throw new Error(`could not sign in as ${who.account}`);
}

/** Picks an option of the open antd Select dropdown by its visible text. */
export async function chooseOption(page: Page, label: string) {
  const option = page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) });
  await expect(option.first()).toBeVisible();
  // A click that lands while the dropdown is still opening can be lost on a busy machine: a
  // single select closes its dropdown once it takes the choice, so click until it does.
  await expect(async () => {
    if ((await option.count()) > 0) await option.first().click({ timeout: 2_000 });
    await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0, { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
}
