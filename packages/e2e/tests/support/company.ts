import { createHash, randomBytes } from 'node:crypto';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { latestMailTo } from '../fixtures.ts';

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export interface TestCompany {
  email: string;
  password: string;
  company: string;
}

/** Registers a company through the API (CAPTCHA=off), reading its code from the outbox. */
export async function registerCompany(request: APIRequestContext): Promise<TestCompany> {
  const email = `e2e-${randomBytes(5).toString('hex')}@example.cn`;
  const password = 'Edp#Test2026x';
  const company = `E2E ${email.slice(4, 14)}`;
  const sent = await request.post('/api/com/n/send/email', {
    data: { email, captcha: 'x', type: 'register' },
  });
  expect((await sent.json()).success).toBe(true);
  const mail = latestMailTo(email) ?? '';
  const code = /\b(\d{6})\b/.exec(mail.slice(mail.indexOf('\n\n')))?.[1];
  expect(code, 'verification code in the outbox').toBeTruthy();
  const reg = await request.post('/api/com/n/reg', {
    data: { email, password: md5(password), code, company },
  });
  expect((await reg.json()).success).toBe(true);
  return { email, password, company };
}

/** Signs in through the login form, as a user does. */
export async function logInThroughForm(
  page: Page,
  who: TestCompany,
  lang: 'zh-CN' | 'en-US' = 'en-US',
) {
  const text =
    lang === 'en-US'
      ? { email: 'E-mail', password: 'Password', captcha: 'Captcha', submit: 'Log in' }
      : { email: '邮箱', password: '密码', captcha: '验证码', submit: '登 录' };
  await page.getByLabel(text.email, { exact: true }).fill(who.email);
  await page.getByLabel(text.password, { exact: true }).fill(who.password);
  await page.getByLabel(text.captcha, { exact: true }).fill('abcd');
  await page.getByRole('button', { name: text.submit, exact: true }).click();
}
