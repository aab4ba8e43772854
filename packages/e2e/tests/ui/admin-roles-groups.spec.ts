import type { Page } from '@playwright/test';
import { chooseOption, uniq } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

test.use({ locale: 'en-US' });

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('[ADMIN][ROLES]: add a read-only role with a group, edit it, delete it after confirmation', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  const name = uniq('role');
  const group = uniq('rg');
  await signInAdmin(page, request, accounts.admin, '/admin/groups');
  await page.getByRole('button', { name: 'Add top-level group' }).click();
  await page.getByRole('dialog', { name: 'Add group' }).getByLabel('Group name').fill(group);
  await page
    .getByRole('dialog', { name: 'Add group' })
    .getByRole('button', { name: 'Save' })
    .click();
  await expect(row(page, group)).toBeVisible();

  await page.goto('/admin/roles');
  await page.getByRole('button', { name: 'Add' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add role' });
  await dialog.getByLabel('Role name').fill(name);
  await dialog.getByLabel('Duty (menu mode)').click();
  await chooseOption(page, 'Security operator');
  await expect(dialog.getByText('Read (read-only)')).toBeVisible();
  await dialog.getByLabel('Associated groups').click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(group, { exact: true }).click();
  await dialog.getByLabel('Role name').click(); // closes the tree dropdown
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toContainText('Read (read-only)');
  await expect(row(page, name)).toContainText(group);

  await row(page, name)
    .getByRole('button', { name: `Edit ${name}` })
    .click();
  const edit = page.getByRole('dialog', { name: 'Edit role' });
  await edit.getByLabel('Permission').click();
  await chooseOption(page, 'Write (writable)');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, name)).toContainText('Write (writable)');

  // The group is now in use by the role: it cannot be deleted.
  await page.goto('/admin/groups');
  await row(page, group)
    .getByRole('button', { name: `Delete ${group}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('A group with devices or roles cannot be deleted')).toBeVisible();

  await page.goto('/admin/roles');
  await row(page, name)
    .getByRole('button', { name: `Delete ${name}` })
    .click();
  await expect(page.getByRole('tooltip')).toContainText(`Delete "${name}"?`);
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row(page, name)).toHaveCount(0);
});

test('[ADMIN][GROUPS]: subgroups, unique names, no deleting a parent, escrow', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  const parent = uniq('p');
  const child = uniq('c');
  const sibling = uniq('s');
  await signInAdmin(page, request, accounts.admin, '/admin/groups');
  const add = async (name: string, under?: string) => {
    if (under)
      await row(page, under)
        .getByRole('button', { name: `Add subgroup ${under}` })
        .click();
    else await page.getByRole('button', { name: 'Add top-level group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add group' });
    await dialog.getByLabel('Group name').fill(name);
    await dialog.getByLabel('Person in charge').fill('Li Lei');
    await dialog.getByRole('button', { name: 'Save' }).click();
    return dialog;
  };
  await expect(await add(parent)).toBeHidden();
  await expect(await add(child, parent)).toBeHidden();
  await expect(row(page, child)).toContainText(parent);
  await expect(row(page, child).getByRole('cell', { name: '2', exact: true })).toBeVisible();

  const dup = await add(child);
  await expect(page.getByText('The group name already exists')).toBeVisible();
  await dup.getByRole('button', { name: 'Cancel' }).click();

  await row(page, parent)
    .getByRole('button', { name: `Delete ${parent}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('A group with subgroups cannot be deleted')).toBeVisible();

  // Escrow: the child's devices to its parent (tiered), then removed again.
  await row(page, child)
    .getByRole('button', { name: `Escrow ${child}` })
    .click();
  const escrow = page.getByRole('dialog', { name: `Device escrow: ${child}` });
  await escrow.getByLabel('Escrow group').click();
  await chooseOption(page, parent);
  await escrow.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, child)).toContainText(`Escrowed to: ${parent}`);
  await expect(await add(sibling, parent)).toBeHidden();
  await row(page, child)
    .getByRole('button', { name: `Escrow ${child}` })
    .click();
  await escrow.getByText('Sibling (same parent)').click();
  await escrow.getByLabel('Escrow group').click();
  await chooseOption(page, sibling);
  await escrow.getByRole('button', { name: 'Save' }).click();
  await expect(row(page, child)).toContainText(`Escrowed to: ${sibling}`);

  await row(page, child)
    .getByRole('button', { name: `Delete ${child}` })
    .click();
  await page.getByRole('tooltip').getByRole('button', { name: 'OK' }).click();
  await expect(row(page, child)).toHaveCount(0);
});
