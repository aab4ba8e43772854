import { expect, test } from '@playwright/test';
import { api, md5, TENANT, type ConsoleAccounts, type Duty } from '../support/admin.ts';

test.use({ locale: 'en-US' });

const accounts: ConsoleAccounts = {
  admin: { account: 'sysadmin', name: 'SysAdmin', password: 'Admin#Pass123' },
  keyAdmin: { account: 'keyadmin', name: 'KeyAdmin', password: 'Key#Pass1234' },
  operator: { account: 'operator', name: 'Operator', password: 'Oper#Pass123' },
  auditor: { account: 'auditor', name: 'Auditor', password: 'Audit#Pass123' },
};
const FIRST = 'Setup#Pass123';

/**
 * The setup wizard, on the first-run server (playwright.config.ts), which has no tenant yet: the
 * tenant with all four duties.
 */
test('[ADMIN][SETUP]: the setup wizard creates the tenant and the four duty accounts', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/admin/setup');
  await expect(page.getByRole('heading', { name: 'Initial setup' })).toBeVisible();
  // The steps' one-word titles stay whole, on one line ("Tenan / t" was issue 22).
  for (const title of ['Tenant', 'Auditor']) {
    const box = await page.locator('.ant-steps-item-title', { hasText: title }).boundingBox();
    expect(box!.height, title).toBeLessThan(30);
  }
  // No tenant yet: the console has the product's name.
  await expect(page).toHaveTitle('EDP Endpoint Data Protection Console');
  await page.getByLabel('Company').fill(TENANT.company);
  await page.getByLabel('System name').fill(TENANT.sysName);
  await expect(page.getByLabel('Domain')).toHaveValue('127.0.0.1');
  await page.getByRole('button', { name: 'Next' }).click();

  const duties: Duty[] = ['admin', 'keyAdmin', 'operator', 'auditor'];
  for (const duty of duties) {
    const who = accounts[duty];
    if (duty !== 'admin') {
      await expect(page.getByText('If all three are skipped')).toBeVisible();
    }
    // A required field left empty is named.
    await page.getByRole('button', { name: duty === 'auditor' ? 'Finish setup' : 'Next' }).click();
    await expect(page.getByText('Please enter the Account')).toBeVisible();
    await page.getByLabel('Account', { exact: true }).fill(who.account);
    await page.getByLabel('Name', { exact: true }).fill(who.name);
    const password = duty === 'admin' ? who.password : FIRST;
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Repeat password').fill(password);
    await page.getByRole('button', { name: duty === 'auditor' ? 'Finish setup' : 'Next' }).click();
  }

  await expect(page.getByRole('heading', { name: 'Setup complete' })).toBeVisible();
  // The console is the tenant's now: its system name is the title at once, without a reload.
  await expect(page).toHaveTitle(TENANT.sysName);
  for (const duty of duties)
    await expect(
      page.getByRole('cell', { name: accounts[duty].account, exact: true }),
    ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to console login' })).toBeVisible();

  // The three optional duties were set by the administrator: they change the password at the
  // first login (tested through the form in admin-users.spec.ts), here through the API.
  for (const duty of ['keyAdmin', 'operator', 'auditor'] as const) {
    await api(request, undefined, '/login/n/reset/expire/pwd', {
      account: accounts[duty].account,
      oldPassword: md5(FIRST),
      newPassword: md5(accounts[duty].password),
      captcha: 'x',
    });
  }

  // Setup is closed now.
  await page.goto('/admin/setup');
  await expect(page.getByText('The system is already set up.')).toBeVisible();
});
