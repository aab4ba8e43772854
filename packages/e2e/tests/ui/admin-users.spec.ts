import type { Page } from '@playwright/test';
import { api, apiLogin, chooseOption, createUser, roleIdOf, uniq } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

const row = (page: Page, account: string) => page.getByRole('row').filter({ hasText: account });

async function search(page: Page, keyword: string) {
  await page.getByRole('searchbox', { name: 'Account, name, phone or e-mail' }).fill(keyword);
  await page.getByRole('button', { name: 'Search' }).click();
}

async function pickStatus(page: Page, status: string) {
  await page.getByRole('combobox', { name: 'Status' }).click();
  await chooseOption(page, status);
}

test('[ADMIN][USERS]: add a user, who must change the password at the first login', async ({
  page,
  request,
  browser,
  tenant: { accounts },
}) => {
  const account = uniq('new');
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add user' });
  await dialog.getByLabel('Name', { exact: true }).fill('bad name');
  await dialog.getByLabel('Initial password').fill('short');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The name has no spaces and is under 20 characters')).toBeVisible();
  await expect(dialog.getByText('Please enter password (8-20 characters')).toBeVisible();
  await expect(dialog.getByText('Please select a role')).toBeVisible();
  await dialog.getByLabel('Name', { exact: true }).fill(account);
  await dialog.getByLabel('Account', { exact: true }).fill(account);
  await dialog.getByLabel('Initial password').fill('Init#Pass123');
  await dialog.getByLabel('Mobile').fill('123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('please enter the correct phone number')).toBeVisible();
  await dialog.getByLabel('Mobile').fill('13800138000');
  await dialog.getByLabel('Role', { exact: true }).click();
  await chooseOption(page, 'Security operator');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await search(page, account);
  await expect(row(page, account)).toContainText('Security operator');

  // First login: the forced change, then the console.
  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await other.goto('/admin/login');
  const form = other.locator('form#admin-login');
  await form.getByLabel('Account', { exact: true }).fill(account);
  await form.getByLabel('Password', { exact: true }).fill('Init#Pass123');
  const captcha = form.getByLabel('Captcha', { exact: true });
  if (await captcha.isVisible()) await captcha.fill('abcd');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await other.getByLabel('New password', { exact: true }).fill('Changed#Pass123');
  await other.getByLabel('Repeat new password').fill('Changed#Pass12');
  await other.getByRole('button', { name: 'Change and log in' }).click();
  await expect(other.getByText('The passwords do not match, please try again.')).toBeVisible();
  await other.getByLabel('Repeat new password').fill('Changed#Pass123');
  const expiredCaptcha = other
    .locator('form#expired-password')
    .getByLabel('Captcha', { exact: true });
  if (await expiredCaptcha.isVisible()) await expiredCaptcha.fill('abcd');
  await other.getByRole('button', { name: 'Change and log in' }).click();
  // The change signs in: no second login (and no second captcha) after it.
  await expect(other.getByRole('heading', { name: `Welcome, ${account}` })).toBeVisible();
  await expect(other.locator('form#admin-login')).toHaveCount(0);
  await context.close();
});

test('[ADMIN][USERS]: edit, disable, enable, delete, recover and delete permanently', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  const token = await apiLogin(request, accounts.admin);
  const user = await createUser(
    request,
    token,
    await roleIdOf(request, token, 'Security operator'),
  );
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  await search(page, user.account);
  await row(page, user.account)
    .getByRole('button', { name: `Edit ${user.account}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit user' });
  await dialog.getByLabel('Job number').fill('J-42');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, user.account)).toContainText('J-42');

  await row(page, user.account)
    .getByRole('button', { name: `Disable ${user.account}` })
    .click();
  // Disabling takes access away: it asks first, and Cancel changes nothing.
  const confirm = page.getByRole('dialog').filter({ hasText: 'will be signed out' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row(page, user.account)).toContainText('Normal');
  await row(page, user.account)
    .getByRole('button', { name: `Disable ${user.account}` })
    .click();
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(row(page, user.account)).toContainText('Disabled');
  await row(page, user.account)
    .getByRole('button', { name: `Enable ${user.account}` })
    .click();
  await expect(row(page, user.account)).toContainText('Normal');

  await row(page, user.account)
    .getByRole('button', { name: `Delete ${user.account}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row(page, user.account)).toHaveCount(0);
  await pickStatus(page, 'Deleted');
  await row(page, user.account)
    .getByRole('button', { name: `Recover ${user.account}` })
    .click();
  await expect(row(page, user.account)).toHaveCount(0);
  await pickStatus(page, 'Normal');
  await row(page, user.account)
    .getByRole('button', { name: `Delete ${user.account}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row(page, user.account)).toHaveCount(0);

  await pickStatus(page, 'Deleted');
  await row(page, user.account)
    .getByRole('button', { name: `Delete permanently ${user.account}` })
    .click();
  await expect(page.getByText('cannot be recovered after this')).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
  await page
    .getByRole('dialog')
    .filter({ hasText: 'Please confirm once more' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(row(page, user.account)).toHaveCount(0);
});

test('[ADMIN][USERS]: the only user of a bound role cannot be deleted (server message)', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  await search(page, accounts.keyAdmin.account);
  const keyRow = row(page, accounts.keyAdmin.account);
  await keyRow.getByRole('button', { name: `Delete ${accounts.keyAdmin.account}` }).click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(
    page.getByText('This user is the only user of a bound role and cannot be deleted'),
  ).toBeVisible();
  await expect(keyRow).toContainText('Normal');
});

test('[ADMIN][USERS]: move selected users to a group and reset a password', async ({
  page,
  request,
  browser,
  tenant: { accounts },
}) => {
  const token = await apiLogin(request, accounts.admin);
  const roleId = await roleIdOf(request, token, 'Security operator');
  const tag = uniq('mv');
  const a = await createUser(request, token, roleId, { email: `a@${tag}.cn` });
  const b = await createUser(request, token, roleId, { email: `b@${tag}.cn` });
  const group = uniq('g');
  await api(request, token, '/user/group/add', { name: group });
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  await search(page, tag);
  await page.getByRole('checkbox', { name: a.account }).check();
  await page.getByRole('checkbox', { name: b.account }).check();
  await page.getByRole('button', { name: 'Move to group' }).click();
  const dialog = page.getByRole('dialog', { name: 'Move 2 user(s) to a group' });
  await dialog.getByLabel('Target group').click();
  await page.getByTitle(group, { exact: true }).last().click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('navigation', { name: 'Groups' }).getByText(group, { exact: true }).click();
  await expect(row(page, a.account)).toContainText(group);
  await expect(row(page, b.account)).toContainText(group);

  await row(page, a.account)
    .getByRole('button', { name: `Reset password ${a.account}` })
    .click();
  const reset = page.getByRole('dialog', { name: `Reset the password of "${a.name}"` });
  await reset.getByLabel('New password', { exact: true }).fill('Reset#Pass123');
  await reset.getByLabel('Repeat new password').fill('Reset#Pass123');
  await reset.getByRole('button', { name: 'Save' }).click();
  await expect(reset).toBeHidden();

  const context = await browser.newContext({ locale: 'en-US' });
  const other = await context.newPage();
  await other.goto('/admin/login');
  const form = other.locator('form#admin-login');
  await form.getByLabel('Account', { exact: true }).fill(a.account);
  await form.getByLabel('Password', { exact: true }).fill('Reset#Pass123');
  const captcha = form.getByLabel('Captcha', { exact: true });
  if (await captcha.isVisible()) await captcha.fill('abcd');
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(other.getByRole('heading', { name: 'Change password' })).toBeVisible();
  await context.close();
});

test('[ADMIN][USERS]: a dialog says the field limit before saving, and Esc closes it', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  for (let round = 0; round < 2; round++) {
    await page.getByRole('button', { name: 'Add' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add user' });
    await expect(dialog).toBeVisible();
    // The limit comes from the call's own schema, worded as the server words it.
    await dialog.getByLabel('Job number').fill('x'.repeat(51));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('must be at most 50 characters')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});

test("[ADMIN][USERS]: on one's own row only editing is offered", async ({
  page,
  request,
  tenant: { accounts },
}) => {
  await signInAdmin(page, request, accounts.admin, '/admin/users');
  const me = accounts.admin.account;
  await search(page, me);
  const own = row(page, me).first();
  await expect(own.getByRole('button', { name: `Edit ${me}` })).toBeVisible();
  for (const action of ['Disable', 'Reset password', 'Delete']) {
    await expect(own.getByRole('button', { name: `${action} ${me}` })).toHaveCount(0);
  }
});
