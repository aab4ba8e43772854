import { languages } from '../fixtures.ts';
import { loginAdmin } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

type Lang = (typeof languages)[number]['code'];

const SYSTEM: [string, Record<Lang, string>, Record<Lang, string>][] = [
  [
    '/admin',
    { 'zh-CN': '欢迎，SysAdmin', 'en-US': 'Welcome, SysAdmin' },
    { 'zh-CN': '快捷入口', 'en-US': 'Quick links' },
  ],
  [
    '/admin/users',
    { 'zh-CN': '用户管理', 'en-US': 'Users' },
    { 'zh-CN': '全部分组', 'en-US': 'All groups' },
  ],
  [
    '/admin/roles',
    { 'zh-CN': '角色管理', 'en-US': 'Roles' },
    { 'zh-CN': '关联分组', 'en-US': 'Associated groups' },
  ],
  [
    '/admin/groups',
    { 'zh-CN': '分组管理', 'en-US': 'Groups' },
    { 'zh-CN': '新增顶级分组', 'en-US': 'Add top-level group' },
  ],
  [
    '/admin/proxies',
    { 'zh-CN': '代理管理', 'en-US': 'Proxies' },
    { 'zh-CN': '代理角色', 'en-US': 'Proxied role' },
  ],
  [
    '/admin/settings/login',
    { 'zh-CN': '登录设置', 'en-US': 'Login settings' },
    { 'zh-CN': '密码有效期（天）', 'en-US': 'Password expiry (days)' },
  ],
];

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code });

    test(`[ADMIN][I18N]: login, setup and the system screens in ${code}, accessible`, async ({
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

      await loginAdmin(page, accounts.admin, code);
      for (const [path, heading, text] of SYSTEM) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading[code] })).toBeVisible();
        await expect(page.getByText(text[code]).first()).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expectAccessible(page);
      }
      // A modal too.
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
