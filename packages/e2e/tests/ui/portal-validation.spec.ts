import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerCompany } from '../support/company.ts';
import { fundedCompany, requestFile } from '../support/portal.ts';
import { signInCompany } from '../support/session.ts';

test.use({ locale: 'en-US' });

const RULE = 'Please enter password (8-20 characters, upper / lower case letters and numbers)';

test('[PORTAL][REGISTER]: the form explains the password rule, a mismatch, a used e-mail and the consent', async ({
  page,
  request,
}) => {
  const taken = await registerCompany(request);
  await page.goto('/register');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter the company name')).toBeVisible();
  await expect(page.getByText('Please enter your e-mail')).toBeVisible();
  await expect(
    page.getByText('Please read and accept the registration agreement and the privacy policy'),
  ).toBeVisible();

  // An unfinished address gets the form's own message, in the page's language; the browser has
  // no English bubble of its own to lay over it (no native e-mail check on the field).
  await page.getByLabel('E-mail', { exact: true }).fill('not-an-address');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Please enter a valid e-mail address')).toBeVisible();
  await expect(page.getByLabel('E-mail', { exact: true })).toHaveJSProperty(
    'validationMessage',
    '',
  );
  // A company name over the call's limit is refused before sending, in words, not schema text.
  await page.getByLabel('Company name').fill('x'.repeat(101));
  await expect(page.getByText('must be at most 100 characters')).toBeVisible();

  await page.getByLabel('E-mail', { exact: true }).fill(taken.email);
  await page.getByLabel('E-mail', { exact: true }).blur();
  await expect(page.getByText('Email address already exists!')).toBeVisible();

  await page.getByLabel('Password', { exact: true }).fill('alllowercase1');
  await expect(page.getByText(RULE)).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Good#Pass2026');
  await page.getByLabel('Repeat password').fill('Good#Pass2027');
  await expect(page.getByText('The passwords do not match, please try again.')).toBeVisible();

  // The code needs the captcha first.
  await page.getByLabel('E-mail', { exact: true }).fill('fresh-address@example.cn');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByText('Please enter the captcha')).toBeVisible();
  await expect(page.getByRole('link', { name: /registration agreement/ })).toHaveAttribute(
    'href',
    '/app-register',
  );
  await expect(page.getByRole('link', { name: /privacy policy/ })).toHaveAttribute(
    'href',
    '/app-privacy',
  );
});

test('[PORTAL][UPLOAD]: only .dat files, a bad file is a parse error, a low balance links to recharge', async ({
  page,
  request,
}) => {
  const who = await registerCompany(request); // balance 0
  await signInCompany(page, request, who);
  await expect(page.getByRole('heading', { name: 'My license' })).toBeVisible();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-bad-'));
  const input = page.locator('input[type=file]');

  await input.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await expect(
    page.getByRole('alert').filter({ hasText: 'Only .dat and .zip files can be uploaded' }),
  ).toBeVisible();

  const bad = path.join(dir, 'broken.dat');
  fs.writeFileSync(bad, 'this is not a request');
  await input.setInputFiles(bad);
  await expect(page.getByRole('alert').filter({ hasText: 'Parse error' })).toBeVisible();

  await input.setInputFiles(requestFile('DI', 12).path);
  const dialog = page.getByRole('dialog', { name: 'Issue a license' });
  await expect(
    dialog.getByText('Balance too low: 12 months needed, 0 months available.'),
  ).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Issue license' })).toBeDisabled();
  await dialog.getByRole('link', { name: 'Recharge' }).click();
  await expect(page.getByRole('heading', { name: 'Recharge' })).toBeVisible();
});

test('[PORTAL][RECHARGE]: a malformed code is explained, an unknown or used one is refused', async ({
  page,
  request,
}) => {
  const who = await fundedCompany(request, 0);
  await signInCompany(page, request, who, '/recharge');
  const code = page.getByLabel('Recharge code');
  await code.fill('ABC-123');
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByText('A recharge code looks like XXXX-XXXX-XXXX-XXXX')).toBeVisible();
  await code.fill('zzzz-zzzz-zzzz-zzzz');
  await page.getByRole('button', { name: 'Recharge' }).click();
  await expect(page.getByText('The recharge code is invalid or has been used')).toBeVisible();
  await expect(code).toHaveValue('ZZZZ-ZZZZ-ZZZZ-ZZZZ');
});
