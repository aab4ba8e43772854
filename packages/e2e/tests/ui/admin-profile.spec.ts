import { apiLogin, createUser, roleIdOf } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

test('[ADMIN][PROFILE]: user name and phone rules, password change', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  const token = await apiLogin(request, accounts.admin);
  const me = await createUser(request, token, await roleIdOf(request, token, 'Auditor'));
  await signInAdmin(page, request, me);
  const openMenu = async (entry: string) => {
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: entry }).click();
  };

  await openMenu('Change user name');
  let dialog = page.getByRole('dialog', { name: 'Change user name' });
  await dialog.getByLabel('User name').fill('has space');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The name has no spaces and is under 20 characters')).toBeVisible();
  await dialog.getByLabel('User name').fill('x'.repeat(20));
  await expect(dialog.getByText('The name has no spaces and is under 20 characters')).toBeVisible();
  await dialog.getByLabel('User name').fill('');
  await expect(dialog.getByText('Please enter a name')).toBeVisible();
  await dialog.getByLabel('User name').fill('Renamed');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: /User menu/ })).toContainText('Renamed');

  await openMenu('Bind / change phone');
  dialog = page.getByRole('dialog', { name: 'Bind / change phone' });
  await expect(dialog.getByText('No phone bound yet')).toBeVisible();
  await dialog.getByLabel('Login password').fill(me.password);
  await dialog.getByLabel('Phone number').fill('1234567');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('please enter the correct phone number')).toBeVisible();
  await dialog.getByLabel('Phone number').fill('+8613912345678');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  await openMenu('Change password');
  dialog = page.getByRole('dialog', { name: 'Change password' });
  await dialog.getByLabel('Old password').fill(me.password);
  await dialog.getByLabel('New password', { exact: true }).fill('abc');
  await dialog.getByLabel('Repeat new password').fill('abd');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Please enter password (8-20 characters')).toBeVisible();
  await expect(dialog.getByText('The passwords do not match, please try again.')).toBeVisible();
  await dialog.getByLabel('New password', { exact: true }).fill('Newer#Pass123');
  await dialog.getByLabel('Repeat new password').fill('Newer#Pass123');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
});

test('[ADMIN][PROFILE]: the auto-login link: show, copy, regenerate, sign in with it', async ({
  page,
  request,
  browser,
  context,
  tenant: { accounts },
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const token = await apiLogin(request, accounts.admin);
  const me = await createUser(request, token, await roleIdOf(request, token, 'Auditor'));
  await signInAdmin(page, request, me);
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Auto-login link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Auto-login link' });
  const link = dialog.getByLabel('Auto-login link');
  await expect(link).toHaveValue(/\/admin\/auto-login\?token=/);
  // When the link stops working, to the minute.
  await expect(dialog.getByText(/^Works until \d{4}-\d{2}-\d{2} \d{2}:\d{2};/)).toBeVisible();
  const first = await link.inputValue();
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('Copied')).toBeVisible();
  await dialog.getByRole('button', { name: 'Regenerate' }).click();
  await expect(page.getByText('The old link stops working at once.')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Regenerate' })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(link).not.toHaveValue(first);
  const fresh = await link.inputValue();

  const other = await browser.newContext({ locale: 'en-US' });
  const tab = await other.newPage();
  await tab.goto(first);
  await expect(tab.getByText('Auto login failed')).toBeVisible();
  await tab.goto(fresh);
  await expect(tab.getByRole('heading', { name: `Welcome, ${me.name}` })).toBeVisible();
  await other.close();
});
