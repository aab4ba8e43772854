import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { registerCompany } from '../support/company.ts';
import { vendor } from '../support/portal.ts';

test.use({ locale: 'en-US' });

async function vendorLogIn(page: Page, to = '/sa') {
  const seed = vendor();
  await page.goto(to);
  await expect(page).toHaveURL(/\/sa\/login\?redirect=/);
  await page.getByLabel('Account').fill(seed.account);
  await page.getByLabel('Password', { exact: true }).fill(seed.password);
  await page.getByLabel('Captcha').fill('abcd');
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('[VENDOR][PACKAGES]: create, edit, generate and export codes, delete with confirmation', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Pkg ${randomBytes(3).toString('hex')}`;
  await vendorLogIn(page);
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await expect(page.getByRole('button', { name: `User menu: ${vendor().account}` })).toBeVisible();

  await page.getByRole('button', { name: 'New package' }).click();
  const create = page.getByRole('dialog', { name: 'New package' });
  await create.getByLabel('Package name').fill(name);
  await create.getByLabel('Months').fill('6');
  await create.getByRole('button', { name: 'OK' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit package' });
  await expect(edit.getByLabel('Package name')).toHaveValue(name);
  await edit.getByLabel('Months').fill('3');
  await edit.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Generate codes' }).click();
  const codes = page.getByRole('dialog', { name: `Generate codes: ${name}` });
  await codes.getByLabel('Count').fill('2');
  await codes.getByRole('button', { name: 'Generate' }).click();
  await expect(codes.getByText('2 recharge codes generated')).toBeVisible();
  const shown = await codes.getByLabel('Recharge codes').inputValue();
  await codes.getByRole('button', { name: 'Copy all' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recharge-codes-Pkg-[0-9a-f]{6}-.*\.txt$/);
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(shown);
  await codes.getByRole('button', { name: 'Close' }).last().click();
  await expect(row.getByRole('cell', { name: '2', exact: true }).first()).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Delete the package "${name}"?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Package deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('[VENDOR][COMPANIES]: registered companies with balance and licence count, searchable', async ({
  page,
  request,
}) => {
  const who = await registerCompany(request);
  await vendorLogIn(page, '/sa/companies');
  await expect(page.getByRole('heading', { name: 'Companies' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search e-mail, company or contact' }).fill(who.email);
  await page.getByRole('button', { name: 'Search' }).click();
  const row = page.getByRole('row', { name: new RegExp(who.email) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell', { name: who.company })).toBeVisible();

  await page.getByRole('button', { name: `User menu: ${vendor().account}` }).click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page).toHaveURL(/\/sa\/login$/);
  await page.goto('/sa/companies');
  await expect(page).toHaveURL(/\/sa\/login\?redirect=%2Fsa%2Fcompanies/);
});
