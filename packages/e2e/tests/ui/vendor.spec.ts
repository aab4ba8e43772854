import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { registerCompany } from '../support/company.ts';
import { test as tenantTest } from '../support/console-test.ts';
import { vendor } from '../support/portal.ts';
import { expectAccessible } from '../support/a11y.ts';
import { signInAdmin, signInVendor } from '../support/session.ts';

test.use({ locale: 'en-US' });

async function vendorLogIn(page: Page, to = '/sa') {
  const seed = vendor();
  await page.goto(to);
  await expect(page).toHaveURL(/\/sa\/login\?redirect=/);
  await page.getByLabel('Account').fill(seed.account);
  await page.getByLabel('Password', { exact: true }).fill(seed.password);
  await page.getByLabel('Captcha').fill('abcd');
  await page.getByRole('button', { name: 'Log in' }).click();
}

test('[VENDOR][PACKAGES]: create, edit, generate and export codes, delete with confirmation', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const name = `Pkg ${randomBytes(3).toString('hex')}`;
  await vendorLogIn(page);
  await expect(page.getByRole('heading', { name: 'Packages' })).toBeVisible();
  await expect(page.getByRole('button', { name: `User menu: ${vendor().account}` })).toBeVisible();

  await page.getByRole('button', { name: 'New package' }).click();
  const create = page.getByRole('dialog', { name: 'New package' });
  await create.getByLabel('Package name').fill(name);
  // Out of range is refused with the reason, not quietly made 1 (it used to save 0 as 1).
  await create.getByLabel('Months').fill('0');
  await create.getByRole('button', { name: 'OK' }).click();
  await expect(create.getByText('must be at least 1')).toBeVisible();
  await create.getByLabel('Months').fill('6');
  await create.getByRole('button', { name: 'OK' }).click();
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('cell', { name: '6', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit package' });
  await expect(edit.getByLabel('Package name')).toHaveValue(name);
  await edit.getByLabel('Months').fill('3');
  await edit.getByRole('button', { name: 'OK' }).click();
  await expect(row.getByRole('cell', { name: '3', exact: true })).toBeVisible();

  await row.getByRole('button', { name: 'Generate codes' }).click();
  const codes = page.getByRole('dialog', { name: `Generate codes: ${name}` });
  await codes.getByLabel('Count').fill('2');
  await codes.getByRole('button', { name: 'Generate' }).click();
  await expect(codes.getByText('2 recharge codes generated')).toBeVisible();
  const shown = await codes.getByLabel('Recharge codes').inputValue();
  await codes.getByRole('button', { name: 'Copy all' }).click();
  await expect(page.getByText('Copied to the clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    codes.getByRole('button', { name: 'Download .txt' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^recharge-codes-Pkg-[0-9a-f]{6}-.*\.txt$/);
  expect(fs.readFileSync((await download.path())!, 'utf8')).toBe(shown);
  await codes.getByRole('button', { name: 'Close' }).last().click();
  await expect(row.getByRole('cell', { name: '2', exact: true }).first()).toBeVisible();

  await row.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('tooltip').filter({ hasText: `Delete the package "${name}"?` });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Package deleted')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('[VENDOR][CUSTOMERS]: a registered company found, a filter kept in the address, the list exported', async ({
  page,
  request,
}) => {
  const who = await registerCompany(request);
  await vendorLogIn(page, '/sa/customers');
  await expect(page.getByRole('heading', { name: 'Customers' })).toBeVisible();
  const search = page.getByRole('searchbox', {
    name: 'Search company, e-mail, contact, phone or domain',
  });
  await search.fill(who.email);
  await page.getByRole('button', { name: 'Search' }).click();
  // The search is in the address before the next filter: the new company may be on the first
  // page without it, and a filter changed before the search is drawn drops it (the known limit
  // in docs/console-web.md, "Device centre").
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(who.email)}`));
  const row = page.getByRole('row', { name: new RegExp(who.email) });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('link', { name: who.company })).toBeVisible();

  // A new company has no balance: "at least 1" finds none, and a reload keeps the filter.
  await page.getByLabel('Balance at least').fill('1');
  await page.getByLabel('Balance at least').press('Enter');
  await expect(page).toHaveURL(/min=1/);
  await expect(page.getByText('No customer matches')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No customer matches')).toBeVisible();
  await expect(page.getByLabel('Balance at least')).toHaveValue('1');
  await page.getByLabel('Balance at least').fill('');
  await page.getByLabel('Balance at least').press('Enter');
  await expect(row).toHaveCount(1);

  // The export holds the list as filtered: this one company.
  await page.getByRole('button', { name: 'Export' }).click();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const [header, ...lines] = csv.trim().split('\r\n');
  expect(header).toMatch(/^Company,E-mail,/);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toContain(who.email);

  await page.getByRole('button', { name: `User menu: ${vendor().account}` }).click();
  await page.getByRole('menuitem', { name: /Log out/ }).click();
  await expect(page).toHaveURL(/\/sa\/login$/);
  await page.goto('/sa/customers');
  await expect(page).toHaveURL(/\/sa\/login\?redirect=%2Fsa%2Fcustomers/);
});

/** What the vendor's tenant screens show in each language (from the vendor locale files). */
const screens = {
  'en-US': {
    title: 'EDP Vendor Administration',
    portalTitle: 'EDP Endpoint Data Protection Console',
    tenants: 'Tenants',
    settings: 'System settings',
    create: 'New tenant',
    domain: 'Domain',
    company: 'Company',
    sysName: 'System name',
    adminAccount: 'Administrator account',
    adminName: 'Administrator name',
    password: 'Password',
    repeat: 'Repeat password',
    ok: /^OK$/,
    created: 'Tenant created',
    domainTaken: 'A tenant already uses this domain',
    search: 'Search domain, company or system name',
    searchButton: /^Search$/,
    active: 'Active',
    inactive: 'Inactive',
    deactivate: 'Deactivate',
    deactivateTitle: (name: string) => `Deactivate the tenant "${name}"?`,
    deactivated: 'Tenant deactivated',
    activate: 'Activate',
    activated: 'Tenant activated',
    edit: 'Edit',
    editTitle: (name: string) => `Edit tenant: ${name}`,
    saved: 'Tenant saved',
    delete: /^Delete$/,
    deleteTitle: (name: string) => `Delete the tenant "${name}"`,
    deleteLoss: 'users (1), roles (1), groups (0)',
    typeDomain: (domain: string) => `Type the domain ${domain} to confirm`,
    mismatch: "This is not the tenant's domain",
    deleted: 'Tenant deleted',
    keysNotInitialised: 'No',
    customer: 'Customer',
    customers: 'Customers',
    customerSearch: 'Search company, e-mail, contact, phone or domain',
    keysFilter: 'Keys initialised',
    keysNone: 'Not initialised',
    linkedTenants: 'Linked tenants',
    licencesTab: 'Licenses',
    noLicences: 'No licenses yet',
    balanceTab: 'Balance history',
    noBalance: 'No balance changes yet',
    backToCustomers: 'Back to the customers',
    users: /^Users$/,
    usersOf: (domain: string) => `Users of ${domain}`,
    setPassword: 'Set a new password',
    setPasswordOf: (domain: string) => `New password for root (${domain})`,
    passwordSet: 'New password set for root',
    mustChange: 'Must change password',
    audit: 'Audit log',
    auditAction: "Reset tenant user's password",
    deleteAction: 'Delete tenant',
  },
  'zh-CN': {
    title: 'EDP 厂商管理后台',
    portalTitle: 'EDP 终端数据防护管理平台',
    tenants: '租户管理',
    settings: '系统设置',
    create: '新建租户',
    domain: '域名',
    company: '企业名称',
    sysName: '系统名称',
    adminAccount: '管理员账号',
    adminName: '管理员姓名',
    password: '密码',
    repeat: '确认密码',
    ok: /^确\s?定$/,
    created: '租户已创建',
    domainTaken: '该域名已有租户',
    search: '搜索域名、企业名称或系统名称',
    searchButton: /^搜\s?索$/,
    active: '已启用',
    inactive: '已停用',
    deactivate: /^停\s?用$/,
    deactivateTitle: (name: string) => `停用租户“${name}”？`,
    deactivated: '租户已停用',
    activate: '启用',
    activated: '租户已启用',
    edit: '编辑',
    editTitle: (name: string) => `编辑租户：${name}`,
    saved: '租户已保存',
    delete: /^删\s?除$/,
    deleteTitle: (name: string) => `删除租户“${name}”`,
    deleteLoss: '用户（1 个）、角色（1 个）、分组（0 个）',
    typeDomain: (domain: string) => `请输入域名 ${domain} 以确认`,
    mismatch: '输入的域名与该租户不一致',
    deleted: '租户已删除',
    keysNotInitialised: '否',
    customer: '客户',
    customers: '客户管理',
    customerSearch: '搜索企业名称、邮箱、联系人、电话或域名',
    keysFilter: '密钥初始化',
    keysNone: '未初始化',
    linkedTenants: '关联的租户',
    licencesTab: '许可证',
    noLicences: '暂无许可证',
    balanceTab: '余额记录',
    noBalance: '暂无余额记录',
    backToCustomers: '返回客户列表',
    users: /^用\s?户$/,
    usersOf: (domain: string) => `${domain} 的用户`,
    setPassword: '设置新密码',
    setPasswordOf: (domain: string) => `为 root（${domain}）设置新密码`,
    passwordSet: '已为 root 设置新密码',
    mustChange: '待修改密码',
    audit: '审计日志',
    auditAction: '重置租户用户密码',
    deleteAction: '删除租户',
  },
} as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test.describe(`tenants in ${lang}`, () => {
    test.use({ locale: lang });
    const s = screens[lang];

    test(`[VENDOR][TENANTS]: list, create, deactivate, edit, activate and delete a tenant (${lang})`, async ({
      page,
      request,
    }) => {
      const id = randomBytes(4).toString('hex');
      const domain = `v${id}.localhost`;
      const company = `Tenant ${id}`;
      const who = await registerCompany(request);
      await signInVendor(page, request, '/sa/tenants');
      await expect(page.getByRole('heading', { name: s.tenants })).toBeVisible();
      await expect(page).toHaveTitle(s.title);
      await expect(page.getByRole('link', { name: s.settings })).toBeVisible();

      // Create: the domain and the first administrator.
      await page.getByRole('button', { name: s.create }).click();
      const create = page.getByRole('dialog', { name: s.create });
      await create.getByLabel(s.domain).fill(domain);
      await create.getByLabel(s.company).fill(company);
      await create.getByLabel(s.sysName).fill(`Protect ${id}`);
      await create.getByLabel(s.adminAccount).fill('root');
      await create.getByLabel(s.adminName).fill('Root');
      await create.getByLabel(s.password, { exact: true }).fill('Root#Pass1234');
      await create.getByLabel(s.repeat).fill('Root#Pass1234');
      await create.getByRole('button', { name: s.ok }).click();
      await expect(page.getByText(s.created)).toBeVisible();
      await expect(create).toBeHidden();

      // The list finds it, with what it holds: one user (the administrator), his role, no group.
      await page.getByRole('searchbox', { name: s.search }).fill(domain);
      await page.getByRole('button', { name: s.searchButton }).click();
      const row = page.getByRole('row', { name: new RegExp(domain) });
      await expect(row).toHaveCount(1);
      await expect(page.getByRole('row')).toHaveCount(2); // the header and this tenant
      await expect(row.getByRole('cell', { name: company })).toBeVisible();
      await expect(row.getByText(s.active, { exact: true })).toBeVisible();
      const counts = row.getByRole('cell').filter({ hasText: /^\d+$/ });
      await expect(counts).toHaveText(['1', '1', '0']);
      // Its key manager has not initialised its keys (SPEC §3's key-initialised flag).
      await expect(
        row.getByRole('cell', { name: s.keysNotInitialised, exact: true }),
      ).toBeVisible();

      // The same domain again: the server's refusal shows under the domain field; Esc closes.
      await page.getByRole('button', { name: s.create }).click();
      await create.getByLabel(s.domain).fill(domain);
      await create.getByLabel(s.company).fill(company);
      await create.getByLabel(s.adminAccount).fill('root');
      await create.getByLabel(s.adminName).fill('Root');
      await create.getByLabel(s.password, { exact: true }).fill('Root#Pass1234');
      await create.getByLabel(s.repeat).fill('Root#Pass1234');
      await create.getByRole('button', { name: s.ok }).click();
      await expect(create.getByText(s.domainTaken)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(create).toBeHidden();

      // Deactivate, after a question that says what it does.
      await row.getByRole('button', { name: s.deactivate }).click();
      const question = page.getByRole('tooltip').filter({ hasText: s.deactivateTitle(company) });
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: s.deactivate }).click();
      await expect(page.getByText(s.deactivated)).toBeVisible();
      await expect(row.getByText(s.inactive, { exact: true })).toBeVisible();

      // Edit: names and the domain; Esc closes the dialog without saving.
      await row.getByRole('button', { name: s.edit }).click();
      const edit = page.getByRole('dialog', { name: s.editTitle(company) });
      await expect(edit.getByLabel(s.domain)).toHaveValue(domain);
      await page.keyboard.press('Escape');
      await expect(edit).toBeHidden();
      await row.getByRole('button', { name: s.edit }).click();
      await edit.getByLabel(s.sysName).fill(`Renamed ${id}`);
      // The tenant is a customer's, a company registered on the portal: found by its name.
      await edit.getByLabel(s.customer).fill(who.company);
      await page
        .locator('.ant-select-dropdown:visible')
        .getByTitle(`${who.company} (${who.email})`)
        .click();
      await edit.getByRole('button', { name: s.ok }).click();
      await expect(page.getByText(s.saved)).toBeVisible();
      await expect(row.getByRole('cell', { name: `Renamed ${id}` })).toBeVisible();
      await expect(row.getByRole('link', { name: who.company })).toBeVisible();

      await row.getByRole('button', { name: s.activate, exact: true }).click();
      await expect(page.getByText(s.activated)).toBeVisible();
      await expect(row.getByText(s.active, { exact: true })).toBeVisible();

      // Its users, for a customer locked out: a new password, said first, to change at sign-in.
      await row.getByRole('button', { name: s.users }).click();
      const users = page.getByRole('dialog', { name: s.usersOf(domain) });
      const root = users.getByRole('row', { name: /root/ });
      await expect(root).toHaveCount(1);
      await expectAccessible(page);
      await root.getByRole('button', { name: s.setPassword }).click();
      const reset = page.getByRole('dialog', { name: s.setPasswordOf(domain) });
      await reset.getByLabel(s.password, { exact: true }).fill('Vendor#Reset12');
      await reset.getByLabel(s.repeat).fill('Vendor#Reset12');
      await reset.getByRole('button', { name: s.setPassword }).click();
      await expect(page.getByText(s.passwordSet)).toBeVisible();
      await expect(reset).toBeHidden();
      await expect(root.getByText(s.mustChange)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(users).toBeHidden();

      // The customer it now belongs to: found by the tenant's domain, its keys not initialised,
      // and its page lists the tenant.
      await row.getByRole('link', { name: who.company }).click();
      await expect(page.getByRole('heading', { name: who.company })).toBeVisible();
      await expect(page.getByRole('heading', { name: s.linkedTenants })).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(domain) })).toHaveCount(1);
      await page.getByRole('tab', { name: s.licencesTab }).click();
      await expect(page.getByText(s.noLicences)).toBeVisible();
      // Its balance history, as its own My balance shows it.
      await page.getByRole('tab', { name: s.balanceTab }).click();
      await expect(page.getByText(s.noBalance)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('link', { name: s.backToCustomers }).click();
      await expect(page.getByRole('heading', { name: s.customers })).toBeVisible();
      await page.getByRole('searchbox', { name: s.customerSearch }).fill(domain);
      await page.getByRole('button', { name: s.searchButton }).click();
      await page.getByRole('combobox', { name: s.keysFilter }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(s.keysNone).click();
      const customer = page.getByRole('row', { name: new RegExp(who.email) });
      await expect(customer).toHaveCount(1);
      await expect(customer.getByText(domain)).toBeVisible();
      await expect(page.getByRole('row')).toHaveCount(2);
      await expectAccessible(page);
      await page.getByRole('link', { name: s.tenants }).click();
      await page.getByRole('searchbox', { name: s.search }).fill(domain);
      await page.getByRole('button', { name: s.searchButton }).click();

      // Delete: the dialog names the tenant and what is lost, and wants its domain typed.
      await row.getByRole('button', { name: s.delete }).click();
      const remove = page.getByRole('dialog', { name: s.deleteTitle(company) });
      await expect(remove.getByText(s.deleteLoss)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(remove).toBeHidden();
      await row.getByRole('button', { name: s.delete }).click();
      const confirmDelete = remove.getByRole('button', { name: s.delete });
      await expect(confirmDelete).toBeDisabled();
      await remove.getByLabel(s.typeDomain(domain)).fill('other.localhost');
      await expect(remove.getByText(s.mismatch)).toBeVisible();
      await remove.getByLabel(s.typeDomain(domain)).fill(domain);
      await confirmDelete.click();
      await expect(page.getByText(s.deleted)).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(domain) })).toHaveCount(0);

      // The vendor's audit log keeps both, the deleted tenant's entries too, newest first.
      await page.getByRole('link', { name: s.audit }).click();
      await expect(page.getByRole('heading', { name: s.audit })).toBeVisible();
      await page.getByRole('searchbox').fill(domain);
      await page.getByRole('button', { name: s.searchButton }).click();
      const entries = page.getByRole('row').filter({ hasText: domain });
      await expect(entries.first()).toContainText(s.deleteAction);
      await expect(page.getByRole('row', { name: new RegExp(`root@${domain}`) })).toContainText(
        s.auditAction,
      );
      await expectAccessible(page);
    });
  });
}

/** The product versions' screen in each language (from the vendor locale files). */
const versionWords = {
  'en-US': {
    title: 'Product versions',
    create: 'New version',
    system: 'System',
    number: 'Version number',
    notesEn: 'Release notes (English)',
    ok: /^OK$/,
    saved: 'Version saved',
    exists: 'This engine kind and system already have a version with this number',
    search: 'Search number or system',
    searchButton: /^Search$/,
    states: { draft: 'Draft', testing: 'Testing', released: 'Released', withdrawn: 'Withdrawn' },
    test: 'Start testing',
    release: /^Release$/,
    withdraw: 'Withdraw',
    withdrawTitle: (n: string) => `Withdraw version ${n}?`,
    edit: 'Edit',
    delete: 'Delete',
    deleteTitle: (n: string) => `Delete the draft version ${n}?`,
    deleted: 'Version deleted',
    empty: 'No version matches',
  },
  'zh-CN': {
    title: '版本管理',
    create: '新建版本',
    system: '系统',
    number: '版本号',
    notesEn: '发布说明（英文）',
    ok: /^确\s?定$/,
    saved: '版本已保存',
    exists: '该引擎类型和系统已有此版本号',
    search: '搜索版本号或系统',
    searchButton: /^搜\s?索$/,
    states: { draft: '草稿', testing: '测试中', released: '已发布', withdrawn: '已撤回' },
    test: '开始测试',
    release: /^发\s?布$/,
    withdraw: /^撤\s?回$/,
    withdrawTitle: (n: string) => `撤回版本 ${n}？`,
    edit: '编辑',
    delete: /^删\s?除$/,
    deleteTitle: (n: string) => `删除草稿版本 ${n}？`,
    deleted: '版本已删除',
    empty: '没有符合条件的版本',
  },
} as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test.describe(`product versions in ${lang}`, () => {
    test.use({ locale: lang });
    const w = versionWords[lang];

    test(`[VENDOR][VERSIONS]: a version made, tested, released and withdrawn; a draft deleted (${lang})`, async ({
      page,
      request,
    }) => {
      const system = `E2E OS ${randomBytes(3).toString('hex')}`;
      await signInVendor(page, request, '/sa/versions');
      await expect(page.getByRole('heading', { name: w.title })).toBeVisible();

      const create = page.getByRole('dialog', { name: w.create });
      for (const number of ['4.2.0', '4.2.0']) {
        await page.getByRole('button', { name: w.create }).click();
        await create.getByLabel(w.system).fill(system);
        await create.getByLabel(w.number).fill(number);
        await create.getByLabel(w.notesEn).fill('Faster scans');
        await create.getByRole('button', { name: w.ok }).click();
      }
      // The second is the same kind, system and number: refused on its field.
      await expect(create.getByText(w.exists)).toBeVisible();
      await create.getByLabel(w.number).fill('4.3.0');
      await create.getByRole('button', { name: w.ok }).click();
      await expect(create).toBeHidden();

      await page.getByRole('searchbox', { name: w.search }).fill(system);
      await page.getByRole('button', { name: w.searchButton }).click();
      // This test's rows by their system: the other language's run lists a 4.2.0 of its own until
      // the search has narrowed the list.
      const ours = page.getByRole('row').filter({ hasText: system });
      const row = ours.filter({ hasText: '4.2.0' });
      await expect(row.getByText(w.states.draft, { exact: true })).toBeVisible();
      await expectAccessible(page);

      // Draft -> testing -> released: the buttons offered are the moves allowed now.
      await row.getByRole('button', { name: w.test }).click();
      await expect(row.getByText(w.states.testing, { exact: true })).toBeVisible();
      await row.getByRole('button', { name: w.release }).click();
      await expect(row.getByText(w.states.released, { exact: true })).toBeVisible();
      await expect(row.getByRole('button', { name: w.test })).toHaveCount(0);

      // Withdrawing asks first.
      await row.getByRole('button', { name: w.withdraw }).click();
      const ask = page.getByRole('tooltip').filter({ hasText: w.withdrawTitle('4.2.0') });
      await ask.getByRole('button', { name: w.withdraw }).click();
      await expect(row.getByText(w.states.withdrawn, { exact: true })).toBeVisible();

      // A draft is deleted after a question; a released one offers no delete.
      const other = ours.filter({ hasText: '4.3.0' });
      await other.getByRole('button', { name: w.delete }).click();
      const sure = page.getByRole('tooltip').filter({ hasText: w.deleteTitle('4.3.0') });
      await sure.getByRole('button', { name: w.delete }).click();
      await expect(page.getByText(w.deleted)).toBeVisible();
      await expect(other).toHaveCount(0);
      await expect(row.getByRole('button', { name: w.delete })).toHaveCount(0);
      await expectAccessible(page);
    });
  });
}

test('[VENDOR][SETTINGS]: the system settings are kept', async ({ page, request }) => {
  await signInVendor(page, request, '/sa/settings');
  await expect(page.getByRole('heading', { name: 'System settings' })).toBeVisible();
  const name = page.getByLabel('Default system name');
  const before = await name.inputValue();
  const value = `EDP ${randomBytes(3).toString('hex')}`;
  await name.fill(value);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('System settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Default system name')).toHaveValue(value);
  await expect(page.getByRole('switch', { name: 'Allow self-setup' })).not.toBeChecked();
  // Put back what other tests may rely on.
  await page.getByLabel('Default system name').fill(before);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('System settings saved')).toBeVisible();
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  tenantTest.describe(`titles in ${lang}`, () => {
    tenantTest.use({ locale: lang });
    const s = screens[lang];

    tenantTest(
      `[VENDOR][TITLES]: the tab names the vendor's side, the portal and the tenant's console (${lang})`,
      async ({ page, request, tenant }) => {
        // On the tenant's own host, the portal and the vendor's pages keep their own names.
        await page.goto('/sa/login');
        await expect(page).toHaveTitle(s.title);
        await page.goto('/login');
        await expect(page).toHaveTitle(s.portalTitle);
        await page.goto('/admin/login');
        await expect(page).toHaveTitle(tenant.sysName);
        await signInAdmin(page, request, tenant.accounts.admin);
        await expect(page).toHaveTitle(tenant.sysName);
        // The top of the console's menu says the same.
        await expect(page.getByRole('link', { name: tenant.sysName, exact: true })).toBeVisible();
      },
    );
  });
}

test('[VENDOR][TITLES]: the title follows the language at once', async ({ page }) => {
  await page.goto('/sa/login');
  await expect(page).toHaveTitle('EDP Vendor Administration');
  await page.getByRole('button', { name: '简体中文' }).click();
  await expect(page).toHaveTitle('EDP 厂商管理后台');
  await page.getByRole('button', { name: 'English' }).click();
  await expect(page).toHaveTitle('EDP Vendor Administration');
});
