import { expect, test } from '@playwright/test';
import type { VendorSeed } from '../support/portal.ts';

test.use({ locale: 'en-US' });

// On the first-run server (playwright.config.ts), which nobody has initialised.
const seed: VendorSeed = {
  account: 'vendor-admin',
  password: 'Vendor#Pass123',
  packageName: 'E2E one year',
  packageMonths: 12,
};

/** First run of the vendor side, through its screens: super administrator, package, codes. */
test('[VENDOR][SETUP]: initialise the super administrator, log in, create a package and codes', async ({
  page,
}) => {
  await page.goto('/sa/login');
  // Not initialised yet: the login page leads to the set-up.
  await expect(page).toHaveURL(/\/sa\/init$/);
  await expect(page.getByRole('heading', { name: 'Vendor set-up' })).toBeVisible();
  await page.getByLabel('Account').fill(seed.account);
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Repeat password').fill('other');
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(
    page.getByText(
      'Please enter password (8-20 characters, upper / lower case letters and numbers)',
    ),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(seed.password);
  await page.getByLabel('Repeat password').fill(seed.password);
  await page.getByRole('button', { name: 'Create administrator' }).click();
  await expect(page.getByText('Super administrator created, please log in')).toBeVisible();

  await expect(page).toHaveURL(/\/sa\/login$/);
  await page.goto('/sa/init'); // once initialised, the set-up is closed
  await expect(page).toHaveURL(/\/sa\/login$/);
  await page.getByLabel('Account').fill(seed.account);
  await page.getByLabel('Password', { exact: true }).fill(seed.password);
  await page.getByLabel('Captcha').fill('abcd');
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await page.getByRole('button', { name: 'New package' }).click();
  const dialog = page.getByRole('dialog', { name: 'New package' });
  await dialog.getByLabel('Package name').fill(seed.packageName);
  await dialog.getByLabel('Months').fill(String(seed.packageMonths));
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Package saved')).toBeVisible();

  const row = page.getByRole('row', { name: new RegExp(seed.packageName) });
  await row.getByRole('button', { name: 'Generate codes' }).click();
  const codesDialog = page.getByRole('dialog', { name: `Generate codes: ${seed.packageName}` });
  await codesDialog.getByLabel('Count').fill('3');
  await codesDialog.getByRole('button', { name: 'Generate' }).click();
  await expect(codesDialog.getByText('3 recharge codes generated')).toBeVisible();
  const codes = (await codesDialog.getByLabel('Recharge codes').inputValue()).trim().split('\n');
  expect(codes).toHaveLength(3);
  for (const code of codes) expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
});
