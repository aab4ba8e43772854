import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { call, fundedCompany, issuedDevice, requestFile } from '../support/portal.ts';
import { signInCompany } from '../support/session.ts';

test.use({ locale: 'en-US' });

test('[PORTAL][DEVICE]: counters, search and filters, details, elevation file, unknown device', async ({
  page,
  request,
}) => {
  const who = await fundedCompany(request, 1);
  const tde = await issuedDevice(request, who.token, 'TDE', 3);
  const dpi = await issuedDevice(request, who.token, 'DPI', 3);
  const waiting = requestFile('PWE', 1);
  await call(request, '/com/auth/device', { file: waiting.file }, who.token);

  await signInCompany(page, request, who);
  await page.getByRole('link', { name: 'My engine' }).click();
  const counters = page.getByRole('list', { name: 'Engine counts' });
  await expect(counters.getByRole('button', { name: /^Unlicensed\s*1$/ })).toBeVisible();
  await expect(counters.getByRole('button', { name: /^TDE\s*1$/ })).toBeVisible();
  await expect(counters.getByRole('button', { name: /^DPI\s*1$/ })).toBeVisible();
  await expect(counters.getByRole('button', { name: /^Expired\s*0$/ })).toBeVisible();
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(3);

  await page.getByRole('searchbox', { name: 'Search device ID, name or fingerprint' }).fill(tde);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('cell', { name: tde, exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'close-circle' }).click(); // clears the search
  await expect(rows).toHaveCount(3);

  await counters.getByRole('button', { name: /^Unlicensed/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first().getByText('Unlicensed')).toBeVisible();
  await expect(page.getByRole('cell', { name: waiting.deviceId, exact: true })).toBeVisible();
  await counters.getByRole('button', { name: /^Unlicensed/ }).click();

  await page.getByRole('combobox', { name: 'Engine kind' }).click();
  await page.locator('.ant-select-item-option[title^="DPI"]').click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('cell', { name: dpi, exact: true })).toBeVisible();

  await page.getByRole('link', { name: `Details of ${dpi}` }).click();
  await expect(page.getByRole('heading', { name: 'Engine details' })).toBeVisible();
  await page.getByRole('button', { name: 'Elevation file' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an elevation file' });
  await dialog.getByLabel('Hours').fill('0');
  await dialog.getByRole('button', { name: 'Create and download' }).click();
  await expect(dialog.getByText('Please enter how long the elevation lasts')).toBeVisible();
  await dialog.getByLabel('Days').fill('30');
  await dialog.getByLabel('Minutes').fill('1');
  await expect(dialog.getByText('An elevation lasts at most 30 days')).toBeVisible();
  await dialog.getByLabel('Days').fill('1');
  await dialog.getByLabel('Minutes').fill('30');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('button', { name: 'Create and download' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^${dpi}-\\d{8}T\\d{6}\\.ele$`));
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('-----BEGIN EDP ELEVATION-----')).toBe(true);
  await expect(dialog.getByText(/Elevation file valid from .* until /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('cell', { name: 'Elevation file' })).toBeVisible();

  // A device without a valid licence offers no elevation, and says why.
  await page.goto(`/device/${waiting.deviceId}`);
  await expect(page.getByRole('heading', { name: 'Engine details' })).toBeVisible();
  const elevate = page.getByRole('button', { name: 'Elevation file' });
  await expect(elevate).toBeDisabled();
  // The reason is a tooltip; on a busy machine the first hover can come before the button's
  // handlers are ready, so hover again until it shows.
  await expect(async () => {
    await page.mouse.move(0, 0);
    await elevate.hover({ force: true });
    await expect(
      page.getByText('An elevation file needs a valid license on this device'),
    ).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });

  await page.goto('/device/no-such-device');
  await expect(page.getByText('Device not found')).toBeVisible();
  await page.getByRole('link', { name: 'Back to My engine' }).click();
  await expect(page.getByRole('heading', { name: 'My engine' })).toBeVisible();
});
