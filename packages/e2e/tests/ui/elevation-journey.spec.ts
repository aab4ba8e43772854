import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
// The agent's own test vendor: a DPI licence lets the engine watch a folder (learning mode
// records the programs that touch protected folders).
import { makeVendor } from '../../../agent/src/test/licence-fixture.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test, type Tenant } from '../support/console-test.ts';
import { engine, runningEngine, stopEngines } from '../support/reference-engine.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 24's journeys with the real reference engine (the file the console serves) against the
 * real server: a security operator asks from the device's page, an auditor reviews on the review
 * page (another person, another browser), the engine receives the window and the operator sees
 * it run and ends it: elevation in zh-CN, learning mode (what it recorded authorised in one step)
 * in en-US; each screen with axe at 1440 px and at 390 px.
 */

const PHONE = { width: 390, height: 844 };

/** Programs of the machine a test started beside its engines (a reader of a protected file). */
const kept: ChildProcess[] = [];

test.afterEach(async () => {
  for (const child of kept.splice(0)) child.kill('SIGKILL');
  await stopEngines();
});

/** Runs the engine file once in `root` with the engine's state directory; it must succeed. */
async function oneShot(root: string, state: string, args: string[]) {
  const e = engine([...args, '--dir', state], root);
  expect(await e.exit, e.output.join('')).toBe(0);
}

/**
 * An engine watching its folder of three files (a DPI licence of the agent's test vendor, then
 * `protect --dpi`), and a program of this machine (a copy of sleep) holding one of them open:
 * what learning mode should find.
 */
async function watchedEngine(request: APIRequestContext, tenant: Tenant) {
  const e = await runningEngine(request, tenant);
  const { fingerprint } = JSON.parse(
    fs.readFileSync(path.join(e.state, 'identity.json'), 'utf8'),
  ) as { fingerprint: string };
  const vendor = makeVendor(e.root);
  const lic = path.join(e.root, 'dpi.lic');
  fs.writeFileSync(lic, vendor.certificate({ kind: 'DPI', serial: 2401, fingerprint }));
  await oneShot(e.root, e.state, ['install-licence', lic, '--key', vendor.keyFile]);
  await oneShot(e.root, e.state, ['protect', '--dpi', e.shares]);
  const program = path.join(e.root, 'ledger-reader');
  fs.copyFileSync(fs.realpathSync('/bin/sleep'), program);
  fs.chmodSync(program, 0o755);
  const file = path.join(e.shares, 'b.xlsx');
  kept.push(spawn('bash', ['-c', `exec 3<'${file}'; exec '${program}' 300`], { stdio: 'ignore' }));
  return { ...e, program };
}

/** The auditor, signed in in a browser of their own. */
async function auditorPage(browser: Browser, tenant: Tenant, locale: string) {
  const context = await browser.newContext({
    baseURL: tenant.url,
    locale,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  return { context, page };
}

const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** At 390 px the page does not scroll sideways, and is accessible; then back to 1440 px. */
async function onPhone(page: Page) {
  const wide = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  // The menu folds away half a second after a resize (SPEC §9): then nothing sticks out.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize(wide);
}

test.describe('in zh-CN', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });

  test('[ADMIN][ELEVATION][ENGINE]: elevation asked on the device page, approved by the auditor on the review page, seen running on a real engine and ended, in zh-CN', async ({
    browser,
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(150_000);
    const { name, state, run } = await runningEngine(request, tenant);
    const reviewer = await auditorPage(browser, tenant, 'zh-CN');
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/devices');
    await page.getByRole('link', { name, exact: true }).first().click();
    await page.getByRole('tab', { name: '提权管理' }).click();
    const tab = page.getByRole('tabpanel', { name: '提权管理' });

    // 1. Ask: a window of nothing is refused in place; 1 hour with a reason is pending.
    await tab.getByRole('spinbutton', { name: '小时' }).fill('0');
    await tab.getByRole('button', { name: '提交申请' }).click();
    await expect(tab.getByText('时长须为 1 秒至 30 天')).toBeVisible();
    await expect(tab.getByText('请填写申请理由')).toBeVisible();
    await tab.getByRole('spinbutton', { name: '小时' }).fill('1');
    await tab.getByLabel('理由').fill('数据库迁移');
    await tab.getByRole('button', { name: '提交申请' }).click();
    await expect(tab.getByRole('row').filter({ hasText: '待审核' })).toContainText('1 小时');
    await expectAccessible(page);

    // 2. The auditor reviews it on the elevation review page, pending first.
    await signInAdmin(reviewer.page, request, tenant.accounts.auditor, '/admin/review/elevation');
    const r = reviewer.page;
    await expect(r.getByRole('heading', { level: 1, name: '提权审核' })).toBeVisible();
    const pending = row(r, name);
    await expect(pending).toContainText('数据库迁移');
    await expect(pending).toContainText('operator');
    await expectAccessible(r);
    await onPhone(r);
    await pending.getByRole('button', { name: `通过 ${name} 的申请` }).click();
    const dialog = r.getByRole('dialog', { name: `审核 ${name} 的提权申请` });
    await expect(dialog).toContainText('通过后，引擎将获得 1 小时的提权时间窗口。');
    await dialog.getByRole('button', { name: /^通\s?过$/ }).click();
    await expect(dialog.getByText('请填写审核意见')).toBeVisible();
    await dialog.getByLabel('审核意见').fill('变更委员会已同意');
    await dialog.getByRole('button', { name: /^通\s?过$/ }).click();
    await expect(r.getByText(`已通过 ${name} 的申请`)).toBeVisible();
    await expect(row(r, name)).toHaveCount(0);
    await r.getByText('已通过', { exact: true }).click();
    await expect(row(r, name)).toContainText(/生效中|已通过，待下发/);
    await expect(row(r, name)).toContainText('变更委员会已同意');

    // 3. The engine took it (its push stream): the operator's row runs, and the engine has it.
    await expect(tab.getByRole('row').filter({ hasText: '生效中' })).toBeVisible({
      timeout: 20_000,
    });
    const windows = () =>
      (JSON.parse(fs.readFileSync(path.join(state, 'windows.json'), 'utf8')) as { open: unknown[] })
        .open.length;
    expect(windows()).toBe(1);
    await onPhone(page);

    // 4. Ended now, after a confirmation: the engine drops it.
    await tab.getByRole('button', { name: '结束提权' }).click();
    const confirm = page.getByRole('dialog', { name: '立即结束提权？' });
    await confirm.getByRole('button', { name: '结束提权' }).click();
    await expect(page.getByText('已结束', { exact: true }).first()).toBeVisible({
      timeout: 20_000,
    });
    await expect(tab.getByRole('row').filter({ hasText: '已结束' })).toBeVisible();
    expect(windows()).toBe(0);
    expect(run.output.join('')).not.toMatch(/check-in (refused|failed)/);
    await reviewer.context.close();
  });
});

test.describe('in en-US', () => {
  test.use({ locale: 'en-US', viewport: { width: 1440, height: 900 } });

  test('[ADMIN][LEARNING][ENGINE]: learning mode approved on the review page records the program reading a protected file on a real engine, authorised in one step, then ended early, in en-US', async ({
    browser,
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(150_000);
    const { name, shares, program } = await watchedEngine(request, tenant);

    const reviewer = await auditorPage(browser, tenant, 'en-US');
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/devices');
    await page.getByRole('link', { name, exact: true }).first().click();
    await page.getByRole('tab', { name: 'Learning mode' }).click();
    const tab = page.getByRole('tabpanel', { name: 'Learning mode' });
    await tab.getByRole('spinbutton', { name: 'Hours' }).fill('2');
    await tab.getByLabel('Reason').fill('new ERP release');
    await tab.getByRole('button', { name: 'Submit request' }).click();
    await expect(tab.getByRole('row').filter({ hasText: 'Pending review' })).toContainText('2 h');

    await signInAdmin(reviewer.page, request, tenant.accounts.auditor, '/admin/review/learning');
    const r = reviewer.page;
    await expect(r.getByRole('heading', { level: 1, name: 'Learning-mode review' })).toBeVisible();
    await expectAccessible(r);
    await row(r, name)
      .getByRole('button', { name: `Approve the request for ${name}` })
      .click();
    const dialog = r.getByRole('dialog', { name: `Review the Learning mode request for ${name}` });
    await dialog.getByLabel('Review note').fill('ok for the release week');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(r.getByText(`Request for ${name} approved`)).toBeVisible();
    await reviewer.context.close();

    // Running on the engine; its look (every 5 s) finds the program; one step authorises it.
    await expect(tab.getByRole('row').filter({ hasText: 'Running' })).toBeVisible({
      timeout: 20_000,
    });
    await tab.getByRole('button', { name: 'Read learned programs' }).click();
    const learned = tab.getByRole('row').filter({ hasText: program });
    await expect(async () => {
      await expect(tab.getByText(/Waiting for the engine/)).toHaveCount(0);
      if (!(await learned.count())) {
        await tab.getByRole('button', { name: 'Read again' }).click();
        await expect(learned).toHaveCount(1, { timeout: 2_000 });
      }
    }).toPass({ timeout: 30_000 });
    await expect(learned).toContainText(shares);
    await expect(learned).toContainText('No');
    await expectAccessible(page);
    await onPhone(page);
    await learned.getByRole('checkbox', { name: `Select ${program}` }).check();
    await tab.getByRole('button', { name: 'Authorise selected' }).click();
    await page
      .getByRole('dialog', { name: 'Authorise 1 programs?' })
      .getByRole('button', { name: 'Authorise' })
      .click();
    await expect(page.getByText('1 programs authorised')).toBeVisible({ timeout: 20_000 });
    await expect(learned).toContainText('Yes');

    // Ended early, after a confirmation.
    await tab.getByRole('button', { name: 'End learning mode' }).click();
    await page
      .getByRole('dialog', { name: 'End learning mode now?' })
      .getByRole('button', { name: 'End learning mode' })
      .click();
    await expect(tab.getByRole('row').filter({ hasText: 'Ended' })).toBeVisible({
      timeout: 20_000,
    });
  });
});
