import { languages } from '../fixtures.ts';
import { loginAdmin } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code });

    test(`[ADMIN][I18N]: login, setup and a dialog in ${code}, accessible`, async ({
      page,
      tenant: { accounts },
    }) => {
      test.setTimeout(120_000);
      await page.goto('/admin/login');
      await expect(
        page.getByRole('button', { name: code === 'zh-CN' ? /^登\s?录$/ : /^Log in$/ }),
      ).toBeVisible();
      await expectAccessible(page);
      await page.goto('/admin/setup');
      await expect(
        page.getByText(code === 'zh-CN' ? '系统已完成初始化' : 'The system is already set up.'),
      ).toBeVisible();
      await expectAccessible(page);

      // Every console page in both languages, with axe: small-screens.spec.ts. Here, signing in
      // through the form and a dialog.
      await loginAdmin(page, accounts.admin, code);
      await page.goto('/admin/users');
      await page.getByRole('button', { name: code === 'zh-CN' ? /新\s?增$/ : /Add$/ }).click();
      await expect(
        page.getByRole('dialog', { name: code === 'zh-CN' ? '新增用户' : 'Add user' }),
      ).toBeVisible();
      await expectAccessible(page);
    });

    test(`[ADMIN][I18N]: the audit log in ${code}, accessible`, async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      await signInAdmin(page, request, accounts.auditor, '/admin/audit');
      await expect(
        page.getByRole('heading', { level: 1, name: code === 'zh-CN' ? '审计日志' : 'Audit log' }),
      ).toBeVisible();
      await expect(
        page.getByRole('button', { name: code === 'zh-CN' ? '导出 CSV' : 'Export CSV' }),
      ).toBeVisible();
      await expect(
        page.getByRole('columnheader', { name: code === 'zh-CN' ? '操作账号' : 'Actor account' }),
      ).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test('[ADMIN][I18N]: the header language switch changes the console language', async ({
  page,
  request,
  tenant: { accounts },
}) => {
  await signInAdmin(page, request, accounts.admin, '/admin/roles');
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
  await page.getByRole('group', { name: 'Language' }).getByText('简体中文').click();
  await expect(page.getByRole('heading', { level: 1, name: '角色管理' })).toBeVisible();
  await page.getByRole('group', { name: '语言' }).getByText('English').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
});
