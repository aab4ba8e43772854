import { expect, test, type Page } from '@playwright/test';
import { fundedCompany, issuedDevice, vendor } from '../support/portal.ts';
import { companySession } from '../support/session.ts';
import { seriousViolations } from '../support/a11y.ts';

test.use({ locale: 'en-US' });

async function scan(page: Page, path: string, heading: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // Wait for the lists to load, so that their content is scanned too.
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
  expect(await seriousViolations(page), path).toEqual([]);
}

test('[PORTAL][A11Y]: the public portal screens have no serious or critical axe violations', async ({
  page,
}) => {
  await scan(page, '/register', 'Company registration');
  await scan(page, '/retrieve', 'Retrieve password');
});

test('[PORTAL][A11Y]: the signed-in portal screens have no serious or critical axe violations', async ({
  page,
  request,
}) => {
  const who = await fundedCompany(request, 1);
  const deviceId = await issuedDevice(request, who.token, 'DI', 2);
  await companySession(page, request, who);
  await scan(page, '/myauth', 'My license');
  await scan(page, '/device', 'My engine');
  await scan(page, `/device/${deviceId}`, 'Engine details');
  await scan(page, '/balance', 'My balance');
  await scan(page, '/recharge', 'Recharge');
});

test('[VENDOR][A11Y]: the vendor screens have no serious or critical axe violations', async ({
  page,
}) => {
  const seed = vendor();
  await scan(page, '/sa/login', 'Vendor login');
  await page.getByLabel('Account').fill(seed.account);
  await page.getByLabel('Password', { exact: true }).fill(seed.password);
  await page.getByLabel('Captcha').fill('abcd');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await scan(page, '/sa', 'Packages');
  await scan(page, '/sa/customers', 'Customers');
});
