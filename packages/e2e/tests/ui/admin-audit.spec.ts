import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { languages } from '../fixtures.ts';
import { expectAccessible } from '../support/a11y.ts';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { groupWithSecret } from '../support/fleet.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

type Lang = (typeof languages)[number]['code'];

/** What the audit page reads like in each language. */
const TEXT = {
  'zh-CN': {
    heading: '审计日志',
    keyword: '对象关键字',
    account: '操作账号',
    action: '操作内容',
    details: '详情',
    drawer: '审计详情',
    leader: '负责人',
    changed: '已修改',
    export: '导出 CSV',
    empty: '暂无审计记录',
    success: '成功',
    addGroup: '新增分组',
    editGroup: '编辑分组',
    duty: '系统管理员',
    role: '系统管理员',
    header: '时间（',
    moveDevices: '移动设备',
    twoDevices: '2 台设备：',
    enrolment: '引擎注册',
    engine: '引擎',
  },
  'en-US': {
    heading: 'Audit log',
    keyword: 'Target keyword',
    account: 'Actor account',
    action: 'Action',
    details: 'Details',
    drawer: 'Audit details',
    leader: 'Leader',
    changed: 'Changed',
    export: 'Export CSV',
    empty: 'No audit entries',
    success: 'Success',
    addGroup: 'Add group',
    editGroup: 'Edit group',
    duty: 'System administrator',
    role: 'System administrator',
    header: 'Time (',
    moveDevices: 'Move devices',
    twoDevices: '2 devices: ',
    enrolment: 'Engine enrolment',
    engine: 'Engine',
  },
} satisfies Record<Lang, Record<string, string>>;

/** antd spaces out a button's two Chinese characters. */
const SEARCH: Record<Lang, RegExp> = { 'zh-CN': /^查\s?询$/, 'en-US': /^Search$/ };

/** Anything that reads like an API path: the log must name actions, not calls. */
const API_PATH = /\/(user|login|owner|sa|com)\//;

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code, timezoneId: 'Asia/Shanghai' });

    test(`[ADMIN][AUDIT]: the auditor reads the others’ actions in ${code}, with no API path, and exports them`, async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      const text = TEXT[code];
      const group = uniq('aud');
      const token = await apiLogin(request, accounts.admin);
      const { id } = await api<{ id: string }>(request, token, '/user/group/add', { name: group });
      await api(request, token, '/user/group/edit', { id, leader: 'Han-Meimei' });
      // The operator moves two named devices; an engine enrols itself.
      const fleet = await groupWithSecret(request, accounts);
      const names = [uniq('srv'), uniq('srv')].sort();
      const deviceIds: string[] = [];
      for (const name of names) {
        const device = {
          name,
          groupId: fleet.groupId,
          kind: 'TDE',
          systemType: 'Linux',
          ip: '10.0.0.5',
        };
        deviceIds.push(
          (await api<{ id: string }>(request, fleet.operator, '/dv/m/add', device)).id,
        );
      }
      await api(request, fleet.operator, '/dv/m/mv', {
        target: { ids: deviceIds },
        groupId: id,
      });
      const engine = uniq('edge');
      await api(request, undefined, '/agent/enrol', {
        secret: fleet.secret,
        identity: {
          name: engine,
          ip: '10.1.2.3',
          systemType: 'Linux',
          version: '1.0.0',
          kind: 'TDE',
          fingerprint: randomBytes(32).toString('hex'),
        },
        state: { install: 'installed', detection: 'ok', activation: 'inactive', version: '1.0.0' },
      });

      await signInAdmin(page, request, accounts.auditor, '/admin/audit');
      await expect(page.getByRole('heading', { level: 1, name: text.heading })).toBeVisible();
      await page.getByLabel(text.keyword).fill(group);
      await page.getByRole('button', { name: SEARCH[code] }).click();
      const rows = page.getByRole('row').filter({ hasText: group });
      await expect(rows).toHaveCount(2);
      const added = rows.filter({ hasText: text.addGroup });
      await expect(added).toContainText(accounts.admin.account);
      await expect(added).toContainText(text.role);
      await expect(added).toContainText(text.duty);
      await expect(added).toContainText(text.success);
      for (const row of await rows.all()) expect(await row.innerText()).not.toMatch(API_PATH);

      // A bulk move names both devices, each linking to its page, in the list and the drawer.
      const search = async (keyword: string) => {
        await page.getByLabel(text.keyword).fill(keyword);
        await page.getByRole('button', { name: SEARCH[code] }).click();
      };
      await search(names[0]!);
      const move = page.getByRole('row').filter({ hasText: text.moveDevices });
      await expect(move).toHaveCount(1);
      await expect(move).toContainText(text.twoDevices);
      const linked = async (where: typeof move) => {
        for (const [i, name] of names.entries()) {
          await expect(where.getByRole('link', { name })).toHaveAttribute(
            'href',
            `/admin/devices/${deviceIds[i]}`,
          );
        }
      };
      await linked(move);
      await move.getByRole('button', { name: new RegExp(text.details) }).click();
      const moveDrawer = page.getByRole('dialog', { name: text.drawer });
      await linked(moveDrawer);
      // Every row of the drawer is labelled: an entry without a note ends with no empty row.
      const labels = moveDrawer.locator('.ant-descriptions-item-label');
      await expect(labels.last()).toHaveText(/\S/);
      for (const label of await labels.all()) await expect(label).toHaveText(/\S/);
      await page.keyboard.press('Escape');
      const [movedCsv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text.export }).click(),
      ]);
      const moved = fs.readFileSync((await movedCsv.path())!, 'utf8');
      expect(moved).toContain(`,${text.moveDevices},`);
      expect(moved).toContain(`${text.twoDevices}${names.join(code === 'zh-CN' ? '、' : ', ')}`);

      // An engine's enrolment: the engine is the actor, its device the target.
      await search(engine);
      const enrolled = page.getByRole('row').filter({ hasText: text.enrolment });
      await expect(enrolled).toHaveCount(1);
      await expect(enrolled).toContainText(text.engine);
      await expect(enrolled.getByRole('link', { name: engine })).toBeVisible();

      // On a phone the action column shows without scrolling the page sideways.
      const wide = page.viewportSize()!;
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(page.getByRole('columnheader', { name: text.action })).toBeInViewport();
      await expect(enrolled.getByText(text.enrolment)).toBeInViewport();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await expectAccessible(page);
      await page.setViewportSize(wide);
      await search(group);

      // The action filter offers the actions by name.
      await page.getByLabel(text.action, { exact: true }).fill(text.editGroup);
      await page.locator(`.ant-select-item-option[title="${text.editGroup}"]`).click();
      await page.getByRole('button', { name: SEARCH[code] }).click();
      await expect(rows).toHaveCount(1);

      await rows.getByRole('button', { name: new RegExp(text.details) }).click();
      const drawer = page.getByRole('dialog', { name: text.drawer });
      await expect(drawer.getByText(text.editGroup)).toBeVisible();
      const leader = drawer.locator('tr[data-row-key="leader"]');
      await expect(leader).toContainText(text.leader);
      await expect(leader).toContainText('Han-Meimei');
      await expect(leader).toContainText(text.changed);
      expect(await drawer.innerText()).not.toMatch(API_PATH);
      await page.keyboard.press('Escape');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text.export }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-.*\.csv$/);
      const csv = fs.readFileSync((await download.path())!, 'utf8');
      const [header, ...lines] = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(header!.startsWith(`${text.header}Asia/Shanghai`)).toBe(true);
      const edit = lines.find((l) => l.includes(group))!;
      expect(edit).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+08:00,/);
      expect(edit).toContain(`,${text.editGroup},`);
      expect(edit).toContain(`,${text.duty},`);
      expect(edit).toContain('Han-Meimei');
      expect(csv).not.toMatch(API_PATH);

      // The auditor's own duty is not in the log it reads.
      await page.getByLabel(text.keyword).fill('');
      await page.getByLabel(text.account).fill(accounts.auditor.account);
      await page.getByRole('button', { name: SEARCH[code] }).click();
      await expect(page.getByText(text.empty)).toBeVisible();
    });
  });
}

test.describe('built-in role names', () => {
  test.use({ locale: 'en-US' });

  test('[ADMIN][ROLES]: the English console names the built-in roles in English, and the Chinese in Chinese', async ({
    page,
    request,
    tenant: { accounts },
  }) => {
    const builtIn = {
      'en-US': ['System administrator', 'Password manager', 'Security operator', 'Auditor'],
      'zh-CN': ['系统管理员', '密码管理员', '安全操作员', '审计员'],
    };
    await signInAdmin(page, request, accounts.admin, '/admin/roles');
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible();
    const table = page.getByRole('table');
    for (const name of builtIn['en-US']) {
      await expect(
        table.getByRole('cell', { name: `${name} Built-in`, exact: true }),
      ).toBeVisible();
    }
    for (const name of builtIn['zh-CN']) await expect(table.getByText(name)).toHaveCount(0);

    await page.goto('/admin/users');
    const auditor = page.getByRole('row').filter({ hasText: accounts.auditor.account });
    await expect(auditor).toContainText('Auditor');
    await expect(auditor).not.toContainText('审计员');

    await page.goto('/admin');
    const role = page
      .locator('dt', { hasText: /^Role$/ })
      .locator('xpath=following-sibling::dd[1]');
    await expect(role).toHaveText('System administrator');

    // The name follows the page's language at once, whatever the set-up's language was.
    await page.goto('/admin/roles');
    await page.getByRole('group', { name: 'Language' }).getByText('简体中文').click();
    await expect(page.getByRole('heading', { level: 1, name: '角色管理' })).toBeVisible();
    for (const name of builtIn['zh-CN']) {
      await expect(table.getByRole('cell', { name: `${name} 内置`, exact: true })).toBeVisible();
    }
  });
});
