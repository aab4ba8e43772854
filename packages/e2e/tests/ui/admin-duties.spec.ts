import type { Duty } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

const ALL = [
  'Users',
  'Roles',
  'Groups',
  'Proxies',
  'Login settings',
  'Log cleanup',
  'SMS',
  'Warnings',
  'Device center',
  'Tasks',
  'Key management',
  'Audit log',
  'Big screen',
  'Report downloads',
];
const MENUS: Record<Duty, string[]> = {
  admin: [
    'Users',
    'Roles',
    'Groups',
    'Proxies',
    'Login settings',
    'Log cleanup',
    'SMS',
    'Warnings',
    // The auditors' own entries are the system administrator's to read (docs/console.md).
    'Audit log',
    'Report downloads',
  ],
  operator: ['Groups', 'Device center', 'Tasks', 'Big screen'],
  keyAdmin: ['Key management'],
  auditor: ['Key management', 'Audit log', 'Big screen', 'Report downloads'],
};

test('[ADMIN][MENU]: each duty sees only its own menu', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  // One tenant, the four duties signed in one after the other in the same page.
  for (const duty of Object.keys(MENUS) as Duty[]) {
    await signInAdmin(page, request, accounts[duty]);
    await expect(
      page.getByRole('heading', { name: `Welcome, ${accounts[duty].name}` }),
    ).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    await expect(nav.getByRole('link', { name: 'Console home' })).toBeVisible();
    for (const entry of ALL) {
      const link = nav.getByRole('link', { name: entry, exact: true });
      if (MENUS[duty].includes(entry)) await expect(link, duty).toBeVisible();
      else await expect(link, duty).toHaveCount(0);
    }
  }
});

test('[ADMIN][MENU]: a page outside the duty shows no access; the operator reads groups only', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  await signInAdmin(page, request, accounts.operator, '/admin/users');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  await page.goto('/admin/groups');
  await expect(page.getByRole('heading', { name: 'Groups' })).toBeVisible();
  await expect(page.getByText('Your role is read-only')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add top-level group' })).toHaveCount(0);
});

test('[ADMIN][LOGIN]: signed out, a console page leads to login and back after it', async ({
  page,
  tenant: { accounts, sysName },
}) => {
  await page.goto('/admin/roles');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Froles/);
  await expect(page.getByRole('heading', { name: sysName })).toBeVisible();
  const form = page.locator('form#admin-login');
  await form.getByLabel('Account', { exact: true }).fill(accounts.admin.account);
  await form.getByLabel('Password', { exact: true }).fill('Wrong#Pass123');
  const captcha = form.getByLabel('Captcha', { exact: true });
  if (await captcha.isVisible()) await captcha.fill('abcd');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(form.getByRole('alert')).toBeVisible();
  await form.getByLabel('Password', { exact: true }).fill(accounts.admin.password);
  if (await captcha.isVisible()) await captcha.fill('abcd');
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/admin\/roles$/);
  await expect(page.getByRole('heading', { name: 'Roles' })).toBeVisible();
  // Log out from the header dropdown.
  await page.getByRole('button', { name: /User menu/ }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
});
