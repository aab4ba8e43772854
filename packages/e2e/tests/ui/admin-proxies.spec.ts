import type { Locator } from '@playwright/test';
import { apiLogin, chooseOption, createUser, roleIdOf } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

const day = (offset: number) => {
  const d = new Date(Date.now() + offset * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} 08:00`;
};

async function fillPeriod(dialog: Locator, start: string, end: string) {
  const from = dialog.locator('input[date-range="start"]');
  const to = dialog.locator('input[date-range="end"]');
  await from.click();
  await from.fill(start);
  await from.press('Enter');
  await to.fill(end);
  await to.press('Enter');
}

test('[ADMIN][PROXIES]: a proxy gives a user a role for a period; active, expired, deleted', async ({
  page,
  request,
  browser,
  tenant: { accounts },
}) => {
  test.setTimeout(90_000);
  const token = await apiLogin(request, accounts.admin);
  const user = await createUser(
    request,
    token,
    await roleIdOf(request, token, 'Security operator'),
  );
  await signInAdmin(page, request, accounts.admin, '/admin/proxies');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add proxy' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please select a user')).toBeVisible();
  await expect(dialog.getByText('Please fill in a complete period')).toBeVisible();
  await dialog.getByLabel('User').fill(user.account);
  await chooseOption(page, `${user.name} (${user.account})`);
  await dialog.getByLabel('Proxied role').click();
  await chooseOption(page, 'Auditor');
  await fillPeriod(dialog, day(-1), day(1));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: user.account });
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Auditor');

  // Inside the window the user also holds the auditor's menu.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await signInAdmin(other, request, user);
  await expect(
    other.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Audit log' }),
  ).toBeVisible();
  await context.close();

  await row.getByRole('button', { name: `Edit ${user.account}` }).click();
  const edit = page.locator('.ant-modal:visible').filter({ hasText: 'Edit proxy' });
  await edit
    .getByRole('button', { name: 'Clear' })
    .or(edit.locator('.ant-picker-clear'))
    .first()
    .click({ force: true });
  await fillPeriod(edit, day(-3), day(-2));
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText('Expired');

  await row.getByRole('button', { name: `Delete ${user.account}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row).toHaveCount(0);
});
