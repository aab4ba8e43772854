import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { latestMailTo } from '../fixtures.ts';
import { logInThroughForm } from '../support/company.ts';
import { rechargeCodes, requestFile } from '../support/portal.ts';

test.use({ locale: 'en-US' });

/** The mailed 6-digit code (from the product's outbox). */
async function mailedCode(email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(() => {
      const mail = latestMailTo(email) ?? '';
      code = /\b(\d{6})\b/.exec(mail.slice(mail.indexOf('\n\n')))?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

test('[PORTAL][JOURNEY]: register, log in, recharge, issue a licence, download it, see it everywhere', async ({
  page,
  request,
}) => {
  const email = `journey-${randomBytes(4).toString('hex')}@example.cn`;
  const password = 'Journey#2026x';
  const [code] = await rechargeCodes(request, 1);

  // Register through the form, with the code from the mail.
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Company registration' })).toBeVisible();
  await page.getByLabel('Company name').fill('Journey Ltd');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Captcha', { exact: true }).fill('abcd');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('The code has been sent, please check your mailbox')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('E-mail code').fill(await mailedCode(email));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Repeat password').fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Registered, please log in')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  await logInThroughForm(page, { email, password, company: 'Journey Ltd' });
  await expect(page.getByRole('heading', { name: 'My license' })).toBeVisible();
  await expect(page.getByRole('button', { name: `User menu: ${email}` })).toBeVisible();
  await expect(page.getByText('No licenses yet.')).toBeVisible();

  // Recharge from My balance.
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'My balance' })
    .click();
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByRole('heading', { name: 'Recharge' })).toBeVisible();
  await page.getByLabel('Recharge code').fill(` ${code!.toLowerCase().replaceAll('-', ' ')} `);
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByText('Recharged', { exact: true })).toBeVisible();
  await expect(page.getByText('12 months added; the balance is now 12 months.')).toBeVisible();

  // Upload a request, issue 6 months, download the certificate.
  const dat = requestFile('TDE', 3, 'journey host');
  await page.getByRole('link', { name: 'My license' }).click();
  await page.locator('input[type=file]').setInputFiles(dat.path);
  const dialog = page.getByRole('dialog', { name: 'Issue a license' });
  await expect(dialog.getByText(dat.deviceId)).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Months asked 3 months' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Current balance 12 months' })).toBeVisible();
  await dialog.getByLabel('Months to issue').fill('6');
  await expect(dialog.getByRole('row', { name: 'Cost 6 months' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Issue license' }).click();
  const issued = page.getByRole('dialog', { name: 'License issued' });
  await expect(issued.getByText('Balance now: 6 months')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    issued.getByRole('button', { name: 'Download license' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${dat.deviceId}-TDE-1.lic`);
  const text = fs.readFileSync((await download.path())!, 'utf8');
  expect(text.startsWith('-----BEGIN EDP LICENSE-----')).toBe(true);
  await issued.getByRole('button', { name: 'Close' }).last().click();

  // My license: the licence, its sub-licence and its renewal record.
  const row = page.getByRole('row', { name: /TDE · Data encryption/ });
  await expect(row.getByText('Normal')).toBeVisible();
  await expect(row.getByRole('cell', { name: '1 / 1' })).toBeVisible();
  await row.getByRole('button', { name: 'Expand row' }).click();
  await expect(page.getByRole('cell', { name: dat.deviceId, exact: true })).toBeVisible();
  // The newest certificate is one click away on its row.
  const certificate = page.waitForEvent('download');
  await row.getByRole('button', { name: /^Download the certificate of EDP-/ }).click();
  expect((await certificate).suggestedFilename()).toBe(`${dat.deviceId}-TDE-1.lic`);
  await row.getByRole('button', { name: 'Renewal records' }).click();
  const drawer = page.getByRole('dialog', { name: /Renewal records: EDP-/ });
  await expect(
    drawer.getByRole('button', { name: `Download ${dat.deviceId}-TDE-1.lic` }),
  ).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  // My engine: counted and listed, with its detail page.
  await page.getByRole('link', { name: 'My engine' }).click();
  const counters = page.getByRole('list', { name: 'Engine counts' });
  await expect(counters.getByRole('button', { name: /^TDE\s*1$/ })).toBeVisible();
  await page.getByRole('link', { name: `Details of ${dat.deviceId}` }).click();
  await expect(page.getByRole('heading', { name: 'Engine details' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Basic information' })).toBeVisible();
  await expect(page.getByText('journey host').first()).toBeVisible();
  await expect(
    page.getByRole('button', { name: `Download ${dat.deviceId}-TDE-1.lic` }),
  ).toBeVisible();

  // My balance: +12 from the package, -6 for the licence.
  await page.getByRole('link', { name: 'My balance' }).click();
  await expect(page.getByText('Current balance')).toBeVisible();
  await expect(
    page.getByRole('row', { name: /Recharge \+12 12 Package: E2E one year/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('row', {
      name: new RegExp(`License issued -6 6 License EDP-.* device ${dat.deviceId} · TDE`),
    }),
  ).toBeVisible();
});
