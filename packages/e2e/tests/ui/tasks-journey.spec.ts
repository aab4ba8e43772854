import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { chooseOption } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { runningEngine, stopEngines } from '../support/reference-engine.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 23's journeys with the real reference engine (the file the console serves,
 * packages/agent/dist/edp-agent.mjs) against the real server: the security operator sends a
 * task from the device centre and follows it to its end (zh-CN), and works on one device's
 * protected folders and authorised programs from its page (en-US), its activity tab, open
 * meanwhile, telling each folder command as it ends. The engine keeps its push stream open, so a
 * command reaches it in about a second, not at its next check-in (10 s here).
 */

test.afterEach(stopEngines);

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test.describe('in zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('[ADMIN][TASKS][ENGINE]: a folder encrypted then decrypted on a real engine through tasks from the device centre, each followed to its end, in zh-CN', async ({
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(150_000);
    const { name, shares, run } = await runningEngine(request, tenant, { tde: true });
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/devices');

    // 1. Encrypt the folder on the selected device: preview, then the task's page.
    await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: '新建任务' }).click();
    const form = page.getByRole('dialog', { name: '新建任务' });
    await form.getByLabel('操作').click();
    await chooseOption(page, '加密目录');
    await form.getByLabel('目录路径').fill('shares');
    await form.getByRole('button', { name: '预览范围' }).click();
    await expect(
      form.getByText('须为绝对路径：以 / 开头，或以盘符开头（例如 D:\\）'),
    ).toBeVisible();
    await form.getByLabel('目录路径').fill(shares);
    await form.getByRole('button', { name: '预览范围' }).click();
    await expect(form).toContainText('将发往 1 台设备。');
    await expect(form.getByRole('list', { name: '按名称排列的前几台：' })).toContainText(name);
    await form.getByRole('button', { name: '创建任务' }).click();

    await expect(page).toHaveURL(/\/admin\/tasks\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: `任务：` })).toContainText(shares);
    const summary = page.locator('.device-detail');
    await expect(summary.getByText('已完成', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('img', { name: /^共 1 台设备：已完成 1$/ })).toBeVisible();
    const result = row(page, name);
    await expect(result).toContainText('已完成');
    await expect(result.getByRole('link', { name })).toHaveAttribute('href', /\/admin\/devices\//);
    expect(fs.readFileSync(path.join(shares, 'a.docx')).subarray(0, 6).toString()).toBe('EDPTDE');
    await expectAccessible(page);

    // Its result in full: the engine's code and its own message.
    await result.getByRole('button', { name: `${name} 的结果详情` }).click();
    const drawer = page.getByRole('dialog', { name: '命令结果' });
    await expect(drawer).toContainText('引擎原始信息');
    await expect(drawer.getByRole('row').filter({ hasText: '返回码' })).toContainText('0');
    await page.keyboard.press('Escape');

    // 2. Decrypt it on every device that matches a filter (the device's name): a destructive
    // action says what it does, and asks again. The engine runs the served version: the
    // "outdated engines" switch (from the keyboard, kept in the address) leaves it out.
    await page.goto(`/admin/devices?q=${name}`);
    const outdated = page.getByRole('switch', { name: '版本过旧的引擎' });
    await outdated.press('Space');
    await expect(page).toHaveURL(/[?&]outdated=1/);
    await expect(row(page, name)).toHaveCount(0);
    await outdated.press('Space');
    await expect(page).not.toHaveURL(/outdated=/);
    await expect(row(page, name)).toHaveCount(1);
    await page.getByRole('combobox', { name: '操作对象' }).click();
    await chooseOption(page, '符合当前筛选的全部设备');
    await page.getByRole('button', { name: '新建任务' }).click();
    await expect(form).toContainText('目标设备：符合当前筛选的全部设备');
    await form.getByLabel('操作').click();
    await chooseOption(page, '解密目录');
    await form.getByLabel('目录路径').fill(shares);
    await form.getByRole('button', { name: '预览范围' }).click();
    await expect(form).toContainText(`解密会把 ${shares} 中的文件以明文写回 1 台设备`);
    await form.getByRole('button', { name: '创建任务' }).click();
    const again = page.getByRole('dialog', { name: '确认解密目录？' });
    await expect(again).toContainText('明文');
    await again.getByRole('button', { name: '解密目录' }).click();
    await expect(page).toHaveURL(/\/admin\/tasks\/[0-9a-f-]{36}$/);
    await expect(summary.getByText('已完成', { exact: true })).toBeVisible({ timeout: 20_000 });
    expect(fs.readFileSync(path.join(shares, 'a.docx'), 'utf8')).toBe('a.docx\n');

    // 3. Both in the list, over: no refresh notice. The operator filter offers who made them.
    await page.goto('/admin/tasks');
    await expect(row(page, '解密目录')).toContainText('已完成');
    await expect(row(page, '加密目录')).toContainText('已完成');
    await expect(page.getByText(/自动刷新/)).toHaveCount(0);
    await page.getByRole('combobox', { name: '操作人' }).click();
    await chooseOption(page, `我（${tenant.accounts.operator.account}）`);
    await expect(row(page, '解密目录')).toContainText('已完成');
    await expect(row(page, '加密目录')).toContainText('已完成');
    await expectAccessible(page);
    expect(run.child.exitCode, run.output.join('')).toBeNull();
  });
});

test.describe('in en-US', () => {
  test.use({ locale: 'en-US' });

  test("[ADMIN][DEVICES][ENGINE]: a device's folder write-protected through its folder browser and released, a program authorised after its hash is read, and the device's command history, on a real engine, in en-US", async ({
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(150_000);
    const { name, root, shares, run } = await runningEngine(request, tenant);
    const tool = path.join(root, 'backup-tool');
    fs.writeFileSync(tool, '#!/bin/sh\necho backup\n', { mode: 0o755 });
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/devices');
    await row(page, name).getByRole('link', { name, exact: true }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: `Device details: ${name}` }),
    ).toBeVisible();
    // The activity, read now: the engine's enrolment. The tab stays open behind the others.
    await page.getByRole('tab', { name: 'Activity' }).click();
    const timeline = page.getByRole('list', { name: 'Activity, newest first' });
    await expect(timeline).toContainText('Engine enrolled');
    await expect(timeline).not.toContainText('Write-protect folder');

    // 1. Protected folders: browse from / to the folder, write-protect it.
    await page.getByRole('tab', { name: 'Protection' }).click();
    await page.getByRole('button', { name: 'Add protected folder' }).click();
    const add = page.getByRole('dialog', { name: 'Add protected folder' });
    // From /, where the engine's machine shows its top folders; then to the folder's parent.
    await expect(add.getByRole('row').filter({ hasText: 'tmp' }).first()).toContainText('Folder');
    await add.getByLabel('Folder path').fill(root);
    await add.getByRole('button', { name: 'Go' }).click();
    const entry = add.getByRole('row').filter({ hasText: 'shares' });
    await expect(entry).toContainText('Folder');
    await entry.getByRole('button', { name: 'Open shares' }).click();
    await expect(add.getByRole('row').filter({ hasText: 'a.docx' })).toContainText('File');
    await add.getByRole('button', { name: 'Choose this folder' }).click();
    await expect(add).toContainText(`Chosen folder: ${shares}`);
    await add.getByLabel(/Write protection \(SE\)/).check();
    await add.getByRole('button', { name: 'Create task' }).click();
    await expect(add).toBeHidden();
    const folder = page.getByRole('tabpanel').getByRole('row').filter({ hasText: shares });
    await expect(folder).toContainText('Write-protect folder');
    await expect(folder).toContainText('Finished', { timeout: 20_000 });
    await expect(folder).toContainText('Write protection (SE)', { timeout: 20_000 });
    expect(fs.statSync(path.join(shares, 'a.docx')).mode & 0o222).toBe(0);
    await expectAccessible(page);

    // Released after a plain warning.
    await folder.getByRole('button', { name: `Remove protection of ${shares}` }).click();
    const sure = page.getByRole('dialog', { name: 'Lift write protection?' });
    await expect(sure).toContainText('changed and deleted again');
    await sure.getByRole('button', { name: 'Lift write protection' }).click();
    // Once the engine has lifted it, the folder is no longer protected and leaves the list: the
    // tab asks the engine what it protects as soon as the command ends (issue 35 point 19), so
    // the row may go before its command, or a "Finished", could be read (a command reaches the
    // engine on its push stream at once: the row went before a check on it in one CI run). The
    // activity tab below tells the command ended.
    // The row stays while the lift is open, whatever an older report says (in one CI run it left
    // at once, from a check-in read before the protection, and the file was still read-only).
    await expect(folder).toHaveCount(0, { timeout: 20_000 });
    expect(fs.statSync(path.join(shares, 'a.docx')).mode & 0o200).toBe(0o200);

    // The activity tab, read before either task, tells both as they ended (issue 35): it reads
    // again when a command of the device ends, without a reload.
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(timeline).toContainText(`Write-protect folder finished: ${shares}`);
    await expect(timeline).toContainText(`Lift write protection finished: ${shares}`);
    await page.getByRole('tab', { name: 'Protection' }).click();

    // 2. Authorised programs, read on request: read its SHA-256 first, then authorise; remove
    // it again.
    const panel = page.getByRole('tabpanel');
    await panel.getByRole('button', { name: 'Read authorised programs' }).click();
    await expect(panel.getByText('The engine has authorised no program.')).toBeVisible();
    await panel.getByLabel('Program path').fill(tool);
    await panel.getByRole('button', { name: 'Read program' }).click();
    await expect(panel.getByTestId('program-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    const sha = await panel.getByTestId('program-sha256').textContent();
    await panel.getByRole('button', { name: 'Authorise this program' }).click();
    const listed = panel
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: `Remove ${tool}` }) });
    await expect(listed).toContainText(sha!);
    await expectAccessible(page);
    await listed.getByRole('button', { name: `Remove ${tool}` }).click();
    await page
      .getByRole('dialog', { name: 'Remove the authorised program?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await expect(listed).toHaveCount(0);

    // 3. The command history holds what was sent, newest first.
    await page.getByRole('tab', { name: 'Commands' }).click();
    const history = page.getByRole('tabpanel');
    const lifted = history.getByRole('row').filter({ hasText: 'Lift write protection' });
    await expect(lifted).toContainText('Finished');
    // Each command names its task, a link to the task's page.
    await expect(lifted.getByRole('link', { name: `Open its task: ${shares}` })).toHaveAttribute(
      'href',
      /\/admin\/tasks\/[0-9a-f-]{36}$/,
    );
    await expect(history.getByRole('row').filter({ hasText: 'Authorise program' })).toContainText(
      'Finished',
    );
    await expectAccessible(page);
    expect(run.child.exitCode, run.output.join('')).toBeNull();
  });
});
