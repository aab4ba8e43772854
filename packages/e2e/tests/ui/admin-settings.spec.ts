import { expect, test, type Browser } from '@playwright/test';
import { accounts, loginAdmin } from '../support/admin.ts';

test.use({ locale: 'en-US' });

/** A fresh visitor's login page: with the captcha or without; signs the auditor in. */
async function loginPage(browser: Browser, captcha: boolean) {
  const context = await browser.newContext({ locale: 'en-US' });
  const page = await context.newPage();
  await page.goto('/admin/login');
  const form = page.locator('form#admin-login');
  await form.getByLabel('Account', { exact: true }).fill(accounts().auditor.account);
  await form.getByLabel('Password', { exact: true }).fill(accounts().auditor.password);
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
 * Login settings belong to the tenant. Only the captcha is switched here, and restored at the
 * end; the other tests' login helper answers a captcha whenever one is shown (CAPTCHA=off
 * accepts any answer), so they pass with it on or off.
 */
test('[ADMIN][SETTINGS]: login with the captcha on and off; the range rule', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  await loginAdmin(page, accounts().admin);
  await page.goto('/admin/settings/login');
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
    await expect(page.getByText('Modified successfully').last()).toBeVisible();
  };
  try {
    for (const on of [!initial, initial]) {
      await save(on);
      await loginPage(browser, on);
    }
  } finally {
    await page.reload();
    if ((await captchaSwitch.isChecked()) !== initial) await save(initial);
  }
});
