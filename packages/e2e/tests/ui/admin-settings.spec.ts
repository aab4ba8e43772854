import type { Browser } from '@playwright/test';
import type { ConsoleAccount } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

/** A fresh visitor's login page: with the captcha or without; signs `who` in. */
async function loginPage(browser: Browser, who: ConsoleAccount, captcha: boolean) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  const form = page.locator('form#admin-login');
  await form.getByLabel('Account', { exact: true }).fill(who.account);
  await form.getByLabel('Password', { exact: true }).fill(who.password);
  if (captcha) {
    await expect(form.getByRole('img', { name: 'Captcha image' })).toBeVisible();
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(form.getByText('Please enter the Captcha')).toBeVisible();
    await form.getByLabel('Captcha', { exact: true }).fill('abcd');
  } else {
    await expect(form.getByRole('img', { name: 'Captcha image' })).toHaveCount(0);
  }
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await context.close();
}

/**
 * Login settings belong to the tenant (this test's own). Only the captcha is switched here, and
 * restored at the end.
 */
test('[ADMIN][SETTINGS]: login with the captcha on and off; the range rule', async ({
  page,
  request,
  browser,
  tenant: { accounts },
}) => {
  test.setTimeout(90_000);
  await signInAdmin(page, request, accounts.admin, '/admin/settings/login');
  const captchaSwitch = page.getByRole('switch', { name: 'Login captcha' });
  await expect(captchaSwitch).toBeVisible();
  const initial = await captchaSwitch.isChecked();

  // The password length range: start ≤ end.
  const min = page.getByLabel('Minimum');
  const before = await min.inputValue();
  await min.fill('30');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The start value cannot exceed the end value').first()).toBeVisible();
  await min.fill(before);
  await expect(page.getByText('The start value cannot exceed the end value')).toHaveCount(0);

  const save = async (on: boolean) => {
    if ((await captchaSwitch.isChecked()) !== on) await captchaSwitch.click();
    await expect(captchaSwitch).toBeChecked({ checked: on });
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Change login settings: done').last()).toBeVisible();
  };
  try {
    for (const on of [!initial, initial]) {
      await save(on);
      await loginPage(browser, accounts.auditor, on);
    }
  } finally {
    await page.reload();
    if ((await captchaSwitch.isChecked()) !== initial) await save(initial);
  }
});
