import fs from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { api, apiLogin, chooseOption } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { alters, loggingFleet, reads, sendLogs } from '../support/engine-logs.ts';
import { navigate } from '../support/navigate.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 25's screens with events engines posted through the protocol (POST /api/agent/logs):
 * the monitoring and access-control logs (filters, keyset pages, an export read back), the alert
 * messages (handled by id, by selection and by filter after the preview), the log filtering
 * rules (saved, then new events dropped and raised by them) and a device's integrity changes;
 * zh-CN at 1440 px, en-US at 390 px, each with axe.
 */

const PHONE = { width: 390, height: 844 };
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const dataRows = (page: Page) => page.locator('.admin-table tbody tr.ant-table-row');

/** An export's lines, without the byte-order mark. */
async function csvLines(download: Download) {
  const csv = fs.readFileSync(await download.path(), 'utf8');
  return csv
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
}

/** Chooses `option` in the select named `name`. */
async function choose(page: Page, name: string, option: string) {
  await page.getByRole('combobox', { name, exact: true }).click();
  await chooseOption(page, option);
}

test.describe('in zh-CN at 1440 px', () => {
  test.use({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });

  test('[LOGS][UI]: rules saved then applied to new events; both logs filtered, paged and exported; alerts handled by id and by filter; a device’s integrity changes, in zh-CN', async ({
    page,
    request,
    tenant: { accounts },
  }) => {
    test.setTimeout(90_000);
    const { engines, group } = await loggingFleet(request, accounts, 2);
    const [a, b] = engines as [(typeof engines)[0], (typeof engines)[0]];
    await sendLogs(request, a, [
      ...reads(25),
      {
        kind: 'access',
        outcome: 'denied',
        operation: 'write',
        program: '/usr/bin/vi',
        user: 'root',
        path: '/etc/shadow',
      },
    ]);
    await sendLogs(request, a, alters(3));
    await sendLogs(request, b, alters(2, '/opt/web'));

    // 1. The system administrator adds two rules, puts the second first and saves them.
    await signInAdmin(page, request, accounts.admin, '/admin/settings/log-rules');
    await expect(page.getByRole('heading', { level: 1, name: '日志过滤规则' })).toBeVisible();
    await expect(page.getByText('尚未设置规则')).toBeVisible();
    await expect(page.getByText('** 匹配任意多层文件夹')).toBeVisible();
    await page.getByRole('button', { name: '新增规则' }).click();
    let dialog = page.getByRole('dialog', { name: '新增规则' });
    await dialog.getByLabel('名称').fill('丢弃正常读取');
    await dialog.getByLabel('事件类型').click();
    await chooseOption(page, '访问控制');
    await dialog.getByLabel('操作或变更').click();
    await chooseOption(page, '读取');
    await dialog.getByLabel('访问结果').click();
    await chooseOption(page, '允许');
    await dialog.getByText('丢弃', { exact: true }).click();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: '新增规则' }).click();
    dialog = page.getByRole('dialog', { name: '新增规则' });
    await dialog.getByLabel('名称').fill('日志目录告警');
    await dialog.getByLabel('路径（模式）').fill('/var/log/**');
    await dialog.getByText('告警', { exact: true }).click();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: '上移规则 日志目录告警' }).click();
    await expect(dataRows(page).first()).toContainText('日志目录告警');
    await expect(dataRows(page).nth(1)).toContainText('类型 访问控制 · 操作 读取 · 结果 允许');
    await expect(page.getByText('有未保存的修改，保存后才会生效。')).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: '保存全部规则' }).click();
    await expect(page.getByText('日志过滤规则已保存，将用于新事件')).toBeVisible();
    await expect(page.getByText(`最近由 ${accounts.admin.account} 于`)).toBeVisible();

    // Events after the save: the allowed read is dropped, the write under /var/log raised.
    await sendLogs(request, a, [
      { ...reads(1, '/srv/quiet')[0]! },
      {
        kind: 'access',
        outcome: 'allowed',
        operation: 'write',
        program: '/usr/sbin/rsyslogd',
        user: 'syslog',
        path: '/var/log/syslog',
      },
    ]);

    // 2. The access-control log: 27 events kept, in pages of 20, newest first.
    await signInAdmin(page, request, accounts.operator, '/admin/logs/access');
    await expect(page.getByRole('heading', { level: 1, name: '访问控制日志' })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(20);
    await expect(dataRows(page).first()).toContainText('/var/log/syslog');
    await expect(row(page, '/srv/quiet/')).toHaveCount(0);
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.getByRole('button', { name: '下一页' }).click();
    await expect(pager.getByText('第 2 页')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(7);
    await expect(pager.getByRole('button', { name: '下一页' })).toBeDisabled();
    await choose(page, '结果', '拒绝');
    await expect(page).toHaveURL(/outcome=denied/);
    await expect(pager.getByText('第 1 页')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(1);
    const denied = row(page, '/etc/shadow');
    await expect(denied).toContainText('写入');
    await expect(denied).toContainText('拒绝');
    await expect(denied).toContainText(group);
    await expectAccessible(page);

    // Its export, as filtered, in Chinese with the reader's zone.
    await page.getByRole('button', { name: /导出/ }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^access-log-\d{4}-\d\d-\d\d\.csv$/);
    const [header, ...lines] = await csvLines(download);
    expect(header).toBe('时间（Asia/Shanghai）,设备,分组,操作,结果,程序,用户,路径');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${a.name},${group},写入,拒绝,/usr/bin/vi,root,/etc/shadow`);
    await expect(page.getByText(`已保存 ${download.suggestedFilename()}`)).toBeVisible();

    // 3. The monitoring log, by device.
    await navigate(page, '/admin/logs/monitor');
    await expect(dataRows(page)).toHaveCount(5);
    await choose(page, '设备', b.name);
    await expect(dataRows(page)).toHaveCount(2);
    await expect(dataRows(page).first()).toContainText('/opt/web/conf-2.yml');
    await expect(dataRows(page).first()).toContainText('被篡改');
    await expect(dataRows(page).first()).toContainText('完整性（DPI）');

    // 4. Alerts: five DPI changes and the rule's hit.
    await navigate(page, '/admin/alerts');
    await expect(dataRows(page)).toHaveCount(6);
    await expect(row(page, '/var/log/syslog')).toContainText('规则命中');
    await expect(row(page, '/var/log/syslog')).toContainText('日志目录告警');
    await page.getByRole('button', { name: `处理 ${a.name} 的告警：/etc/app/conf-1.yml` }).click();
    dialog = page.getByRole('dialog', { name: '处理告警' });
    await dialog.getByLabel('备注（可选）').fill('已从软件包恢复');
    await dialog.getByRole('button', { name: '已处理' }).click();
    await expect(page.getByText('已将 1 条告警标为“已处理”')).toBeVisible();
    const handled = row(page, '/etc/app/conf-1.yml');
    await expect(handled).toContainText('已处理');
    await expect(handled).toContainText(accounts.operator.account);
    await expect(handled).toContainText('已从软件包恢复');

    // Every new one at once, after the preview.
    await choose(page, '状态', '未读');
    await expect(dataRows(page)).toHaveCount(5);
    await page.getByRole('button', { name: '处理全部匹配项' }).click();
    dialog = page.getByRole('dialog', { name: '处理全部匹配当前筛选的告警' });
    await expect(dialog).toContainText('共 5 条告警匹配当前筛选，将标为“已处理”。');
    await expect(dialog.getByRole('listitem')).toHaveCount(5);
    await dialog.getByText('已读', { exact: true }).click();
    await expect(dialog).toContainText('将标为“已读”');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: '标记 5 条' }).click();
    await expect(page.getByText('已将 5 条告警标为“已读”')).toBeVisible();
    await expect(page.getByText('没有符合筛选条件的告警')).toBeVisible();

    // 5. The device's integrity changes.
    await navigate(page, `/admin/devices/${a.id}`);
    await page.getByRole('tab', { name: '完整性变更' }).click();
    const tab = page.getByRole('tabpanel', { name: '完整性变更' });
    await expect(tab.locator('tr.ant-table-row')).toHaveCount(3);
    await expect(tab.locator('tr.ant-table-row').first()).toContainText('/etc/app/conf-3.yml');
    await expect(tab.locator('tr.ant-table-row').first()).toContainText('被篡改');
  });
});

test.describe('in en-US at 390 px', () => {
  test.use({ locale: 'en-US', timezoneId: 'UTC' });

  test('[LOGS][UI][PHONE]: the monitoring log paged, filtered and exported, alerts marked seen by selection, the integrity tab loading more, the auditor reading only, rules switched off and deleted, on a phone in en-US', async ({
    page,
    request,
    tenant: { accounts },
  }) => {
    test.setTimeout(90_000);
    const { engines } = await loggingFleet(request, accounts, 1);
    const e = engines[0]!;
    await sendLogs(request, e, [
      ...alters(23),
      { kind: 'tde', change: 'encrypted', path: '/srv/vault/ledger.db' },
    ]);

    // 1. The monitoring log: pages of 20, the filters behind their button.
    await signInAdmin(page, request, accounts.operator, '/admin/logs/monitor');
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('heading', { level: 1, name: 'Monitoring log' })).toBeVisible();
    await expect(dataRows(page)).toHaveCount(20);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect(pager.getByText('Page 2')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(4);
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(dataRows(page)).toHaveCount(20);
    await expect(page.getByRole('combobox', { name: 'Kind', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Filters' }).click();
    await choose(page, 'Kind', 'Encryption (TDE)');
    await expect(page).toHaveURL(/kind=tde/);
    await expect(dataRows(page)).toHaveCount(1);
    await expect(dataRows(page).first()).toContainText('Encrypted');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);

    // Its export in English, times in the reader's zone.
    await page.getByRole('button', { name: /Export/ }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const [header, ...lines] = await csvLines(await downloading);
    expect(header).toBe('Time (UTC),Device,Group,Kind,Action,Path,SHA-256');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`,${e.name},`);
    expect(lines[0]).toContain(',Encryption (TDE),Encrypted,/srv/vault/ledger.db,');

    // 2. Alerts, newest first: the two newest selected and marked seen.
    await navigate(page, '/admin/alerts');
    await expect(dataRows(page)).toHaveCount(20);
    for (const n of [23, 22])
      await page
        .getByRole('checkbox', { name: `Select the alert of ${e.name}: /etc/app/conf-${n}.yml` })
        .check();
    await expect(page.getByText('2 selected')).toBeVisible();
    await page.getByRole('button', { name: 'Mark seen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Handle 2 selected alerts' });
    await dialog.getByRole('button', { name: 'Seen' }).click();
    await expect(page.getByText('2 alerts marked “Seen”')).toBeVisible();
    await expect(row(page, '/etc/app/conf-22.yml')).toContainText('Seen');
    await expect(row(page, '/etc/app/conf-21.yml')).toContainText('New');
    await expect(page.getByText('0 selected')).toBeVisible();
    await expectAccessible(page);

    // 3. The device's integrity changes, 20 at first, the rest on "Load more".
    await navigate(page, `/admin/devices/${e.id}`);
    await page.getByRole('tab', { name: 'Integrity changes' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Integrity changes' });
    await expect(tab.locator('tr.ant-table-row')).toHaveCount(20);
    await tab.getByRole('button', { name: 'Load more' }).click();
    await expect(tab.locator('tr.ant-table-row')).toHaveCount(23);
    await expect(tab.getByRole('button', { name: 'Load more' })).toHaveCount(0);

    // 4. The auditor reads the alerts and handles none.
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAdmin(page, request, accounts.auditor, '/admin/alerts');
    await page.setViewportSize(PHONE);
    await expect(page.getByText('Your role may read alerts but not handle them.')).toBeVisible();
    await expect(dataRows(page)).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Handle all matching' })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);

    // 5. The rules on a phone: one switched off in place, one deleted after the question, saved.
    const admin = await apiLogin(request, accounts.admin);
    await api(request, admin, '/log/s/rules/set', {
      rules: [
        { name: 'quiet-reads', kind: 'access', action: 'read', then: 'drop' },
        { name: 'shadow', path: '/etc/shadow', then: 'alert' },
      ],
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAdmin(page, request, accounts.admin, '/admin/settings/log-rules');
    await page.setViewportSize(PHONE);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Log filtering rules' }),
    ).toBeVisible();
    await expect(page.getByText('? matches one character')).toBeVisible();
    await expect(page.getByText(`Last changed by ${accounts.admin.account} at`)).toBeVisible();
    await page.getByRole('switch', { name: 'Enable rule shadow' }).click();
    await page.getByRole('button', { name: 'Delete quiet-reads' }).click();
    await expect(page.getByText('Delete "quiet-reads"?')).toBeVisible();
    await page.getByRole('button', { name: 'OK' }).click();
    await expect(dataRows(page)).toHaveCount(1);
    await expect(page.getByText('There are unsaved changes: they apply once saved.')).toBeVisible();
    // Leaving through the menu asks first; staying keeps the changes.
    await page.getByRole('button', { name: 'Expand menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Users' })
      .click();
    const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
    await leave.getByRole('button', { name: 'Stay' }).click();
    await expect(leave).toBeHidden();
    await expect(page).toHaveURL(/\/admin\/settings\/log-rules$/);
    if (await page.getByRole('navigation', { name: 'Main menu' }).isVisible())
      await page.keyboard.press('Escape');
    await expect(dataRows(page)).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Save all rules' }).click();
    await expect(
      page.getByText('Log filtering rules saved: they apply to new events'),
    ).toBeVisible();
    const saved = await api<{ rules: { name: string; enabled: boolean }[] }>(
      request,
      admin,
      '/log/s/rules',
    );
    expect(saved.rules.map((r) => [r.name, r.enabled])).toEqual([['shadow', false]]);
  });
});
