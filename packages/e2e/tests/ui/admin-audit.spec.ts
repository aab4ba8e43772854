import fs from 'node:fs';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

test('[ADMIN][AUDIT]: the auditor sees the others’ actions, their details, and exports CSV', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  const group = uniq('aud');
  const token = await apiLogin(request, accounts.admin);
  const { id } = await api<{ id: string }>(request, token, '/user/group/add', { name: group });
  await api(request, token, '/user/group/edit', { id, leader: 'Han Meimei' });

  await signInAdmin(page, request, accounts.auditor, '/admin/audit');
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  await page.getByLabel('Target keyword').fill(group);
  await page.getByRole('button', { name: 'Search' }).click();
  const rows = page.getByRole('row').filter({ hasText: group });
  await expect(rows).toHaveCount(2);
  const added = rows.filter({ hasText: '/user/group/add' });
  await expect(added).toContainText(accounts.admin.account);
  await expect(added).toContainText('Success');

  await rows
    .filter({ hasText: '/user/group/edit' })
    .getByRole('button', { name: /Details/ })
    .click();
  const drawer = page.getByRole('dialog', { name: 'Audit details' });
  await expect(drawer.getByText('Han Meimei')).toBeVisible();
  await expect(drawer.getByText('Before')).toBeVisible();
  await drawer.getByRole('button', { name: 'Close' }).click();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('/user/group/add');
  expect(csv).toContain(group);

  // The auditor's own duty is not in the log it reads.
  await page.getByLabel('Target keyword').fill('');
  await page.getByLabel('Actor account').fill(accounts.auditor.account);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No audit entries')).toBeVisible();
});
