import { expect, test } from '@playwright/test';
import { latestMailTo } from '../fixtures.ts';
import { logInThroughForm, registerCompany } from '../support/company.ts';
import { signInCompany } from '../support/session.ts';

test.use({ locale: 'en-US' });

test('[PORTAL][RETRIEVE]: a forgotten password is reset with a mailed code', async ({
  page,
  request,
}) => {
  const who = await registerCompany(request);
  const before = latestMailTo(who.email);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Retrieve password' })).toBeVisible();
  await page.getByLabel('E-mail', { exact: true }).fill(who.email);
  await page.getByLabel('Captcha', { exact: true }).fill('abcd');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText(`The code was sent to ${who.email}`)).toBeVisible();
  let code: string | undefined;
  await expect
    .poll(() => {
      const mail = latestMailTo(who.email);
      if (!mail || mail === before) return undefined;
      code = /\b(\d{6})\b/.exec(mail.slice(mail.indexOf('\n\n')))?.[1];
      return code;
    })
    .toBeTruthy();
  await page.getByLabel('E-mail code').fill(code!);
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(
    page.getByText(
      'Please enter password (8-20 characters, upper / lower case letters and numbers)',
    ),
  ).toBeVisible();
  const fresh = 'Reset#Pass2026';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Repeat new password').fill(fresh);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset, please log in with the new password')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await logInThroughForm(page, { ...who, password: fresh });
  await expect(page.getByRole('heading', { name: 'My license' })).toBeVisible();
});

test('[PORTAL][PASSWORD]: the change-password modal works against the server', async ({
  page,
  request,
}) => {
  const who = await registerCompany(request);
  await signInCompany(page, request, who);
  await page.getByRole('button', { name: `User menu: ${who.email}` }).click();
  await page.getByRole('menuitem', { name: /Change password/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Current password').fill('Wrong#Pass2026');
  await dialog.getByLabel('New password', { exact: true }).fill('Changed#Pass2026');
  await dialog.getByLabel('Repeat new password').fill('Changed#Pass2026');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The old password is wrong')).toBeVisible();
  await dialog.getByLabel('Current password').fill(who.password);
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Modified successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: `User menu: ${who.email}` }).click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page).toHaveURL(/\/login/);
  await logInThroughForm(page, { ...who, password: 'Changed#Pass2026' });
  await expect(page.getByRole('heading', { name: 'My license' })).toBeVisible();
});
