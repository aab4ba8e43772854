import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
// The agent's own test vendor (an Ed25519 key pair and certificates made as
// docs/licence-format.md says): encrypting a folder needs a TDE licence the engine trusts.
import { makeVendor } from '../../../agent/src/test/licence-fixture.ts';
import { languages } from '../fixtures.ts';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { serverURL } from '../support/servers.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 11's journey with the real reference engine (packages/agent, `edp-agent`) as a child
 * process against the real server: the security operator copies a group's enrolment secret
 * from the console, the engine enrols with it (with a folder encrypted under a TDE licence) and
 * runs, the device shows online with what the engine reported, the operator deprecates it after
 * the preview, and the engine's next check-in is refused: it stops with exit code 4
 * (docs/engines-agent.md, "Stopping").
 *
 * Engines check in at the console's interval (CHECK_IN_INTERVAL_S: 10 s for the browser tests'
 * server, playwright.config.ts; ±10 %): the first check-in comes an interval after enrolling and
 * the refused one an interval later.
 *
 * The engine's --url is the server's own address, not the tenant's `t<hex>.localhost` origin
 * the drawer's command shows: Chromium sends *.localhost to this machine, Node's resolver does
 * not (ENOTFOUND). The secret alone says which tenant and group the engine joins.
 */

type Lang = (typeof languages)[number]['code'];

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const cli = path.join(repo, 'packages/agent/src/cli.ts');

interface Engine {
  child: ChildProcess;
  output: string[];
  exit: Promise<number | null>;
}

const running: ChildProcess[] = [];
const dirs: string[] = [];

/** `edp-agent <args>` in a real process, as `npx edp-agent` runs it (tsx). */
function agent(args: string[]): Engine {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  const child = spawn(process.execPath, ['--import', 'tsx', cli, ...args], {
    cwd: repo,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  const output: string[] = [];
  child.stdout!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  child.stderr!.setEncoding('utf8').on('data', (d: string) => output.push(d));
  const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, output, exit };
}

/** Runs a one-shot `edp-agent` command to its end; it must exit 0. */
async function agentOk(args: string[]): Promise<string> {
  const e = agent(args);
  const code = await e.exit;
  const out = e.output.join('');
  expect(code, `edp-agent ${args[0]}: ${out}`).toBe(0);
  return out;
}

/** The exit code, or 'still running' after `ms`. */
const exitWithin = (e: Engine, ms: number) =>
  Promise.race([
    e.exit,
    new Promise<string>((r) => setTimeout(() => r(`still running after ${ms} ms`), ms)),
  ]);

test.afterEach(async () => {
  for (const child of running.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const closed = new Promise((r) => child.once('close', r));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    await closed;
    clearTimeout(timer);
  }
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const TEXT = {
  'zh-CN': {
    title: '设备中心',
    enrol: '注册引擎',
    group: '分组',
    create: '生成密钥',
    copy: '复制密钥',
    copied: '已复制',
    online: '在线',
    detail: '设备详情',
    environment: '检测环境',
    licence: '激活与续期',
    tde: '加密（TDE）',
    deprecate: /废\s?弃$/, // after the icon's name; two characters spaced by antd
    affects: '将影响 1 台设备。',
    warning: '废弃不可撤销',
    deprecatedList: '已废弃',
  },
  'en-US': {
    title: 'Device center',
    enrol: 'Enrol engines',
    group: 'Group',
    create: 'Create secret',
    copy: 'Copy secret',
    copied: 'Copied',
    online: 'Online',
    detail: 'Device details',
    environment: 'Detection environment',
    licence: 'Activation and renewal',
    tde: 'Encryption (TDE)',
    deprecate: /Deprecate$/,
    affects: 'This affects 1 devices.',
    warning: 'cannot be undone',
    deprecatedList: 'Deprecated',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code, permissions: ['clipboard-read', 'clipboard-write'] });

    test(`[ADMIN][DEVICES][ENGINE]: the real engine enrols with the secret copied from the console, shows online with what it reported, and stops at its next check-in once deprecated, in ${code}`, async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      // Two engine intervals (~10 s each, ±10 %) plus the pages on a slow shared machine.
      test.setTimeout(120_000);
      const T = TEXT[code];
      const name = uniq('engine-');
      const group = uniq('plant');
      const admin = await apiLogin(request, accounts.admin);
      await api(request, admin, '/user/group/add', { name: group });

      // 1. The security operator makes the group's secret and copies it.
      await signInAdmin(page, request, accounts.operator, '/admin/devices');
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      await page.getByRole('button', { name: T.enrol }).click();
      const drawer = page.getByRole('dialog', { name: T.enrol });
      await drawer.getByLabel(T.group).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(group, { exact: true }).click();
      await drawer.getByRole('button', { name: T.create }).click();
      const shown = drawer.getByTestId('enrol-secret');
      await expect(shown).toHaveText(/^edp_enrol_[A-Za-z0-9_-]{32}$/);
      await drawer.getByRole('button', { name: T.copy }).click();
      await expect(page.getByText(T.copied)).toBeVisible();
      const secret = await page.evaluate(() => navigator.clipboard.readText());
      expect(secret).toBe(await shown.textContent());
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // 2. The engine: enrolled with the copied secret, a TDE licence, a folder encrypted, run.
      const root = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-e2e-engine-'));
      dirs.push(root);
      const dir = path.join(root, 'state');
      const shares = path.join(root, 'shares');
      fs.mkdirSync(shares);
      for (const f of ['a.docx', 'b.xlsx', 'c.pdf']) fs.writeFileSync(path.join(shares, f), f);
      const fingerprint = randomBytes(32).toString('hex');
      const enrolled = await agentOk([
        'enrol',
        '--url',
        serverURL,
        '--secret',
        secret,
        '--dir',
        dir,
        '--kind',
        'TDE',
        '--name',
        name,
        '--fingerprint',
        fingerprint,
      ]);
      expect(enrolled).toMatch(/enrolled as device [0-9a-f-]{36}; first check-in in 10 s/);
      const vendor = makeVendor(root);
      const lic = path.join(root, 'tde.lic');
      fs.writeFileSync(lic, vendor.certificate({ kind: 'TDE', serial: 4207, fingerprint }));
      await agentOk(['install-licence', lic, '--key', vendor.keyFile, '--dir', dir]);
      expect(await agentOk(['protect', '--tde', shares, '--dir', dir])).toMatch(/^0 /);
      expect(fs.readFileSync(path.join(shares, 'a.docx')).subarray(0, 6).toString()).toBe('EDPTDE');
      const identity = JSON.parse(fs.readFileSync(path.join(dir, 'identity.json'), 'utf8')) as {
        systemType: string;
        kernel: string;
        version: string;
      };
      const engine = agent(['run', '--dir', dir]);
      const startedAt = Date.now();

      // 3. Listed in its group; the console counts the enrolment as contact, so it is online
      // before its first check-in (the engine's answers keep it so: below).
      await expect(async () => {
        await page.reload();
        await expect(row(page, name)).toContainText(T.online, { timeout: 2_000 });
      }).toPass({ timeout: 30_000, intervals: [2_000] });
      await expect(row(page, name)).toContainText(group);
      await expect(row(page, name)).toContainText(identity.version);
      await expectAccessible(page);

      // The running engine's first check-in (an interval after enrolling) is answered: it
      // records it in its state directory, and the list still shows it online.
      const status = path.join(dir, 'status.json');
      await expect
        .poll(() => fs.existsSync(status), { timeout: 45_000, intervals: [1_000] })
        .toBe(true);
      expect(engine.child.exitCode, engine.output.join('')).toBeNull();
      await page.reload();
      await expect(row(page, name)).toContainText(T.online);

      // What the engine reported in that check-in (its encrypted folder and licence), in the
      // detail.
      await row(page, name).getByRole('link', { name, exact: true }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `${T.detail}: ${name}` }),
      ).toBeVisible();
      await expect(page.getByText(group)).toBeVisible();
      await page.getByRole('tab', { name: T.environment }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText(identity.systemType, { exact: true })).toBeVisible();
      await expect(panel.getByText(identity.kernel, { exact: true })).toBeVisible();
      await expect(panel.getByText(identity.version, { exact: true })).toBeVisible();
      const folder = panel.getByRole('row').filter({ hasText: fs.realpathSync(shares) });
      await expect(folder).toContainText(T.tde);
      await expect(folder.getByRole('cell', { name: '3', exact: true })).toBeVisible();
      await page.getByRole('tab', { name: T.licence }).click();
      await expect(page.getByRole('tabpanel').getByText('4207', { exact: true })).toBeVisible();

      // 4. Deprecated from the list after the preview naming it.
      await page.goto('/admin/devices');
      await page.getByRole('checkbox', { name }).check();
      await page.getByRole('button', { name: T.deprecate }).click();
      const confirm = page.getByRole('dialog').filter({ hasText: T.affects });
      await expect(confirm).toContainText(name);
      await expect(confirm).toContainText(T.warning);
      await confirm.getByRole('button', { name: T.deprecate }).click();
      await expect(confirm).toBeHidden();
      await expect(row(page, name)).toHaveCount(0);
      await page.locator('.ant-segmented').getByText(T.deprecatedList, { exact: true }).click();
      await expect(row(page, name)).toBeVisible();

      // The engine's next check-in (at most an interval + 10 % after its last) is refused: it
      // stops for good with exit code 4 and leaves its marker.
      const exited = await exitWithin(engine, 45_000);
      const log = engine.output.join('');
      expect(exited, log).toBe(4);
      expect(log).toMatch(/stopping for good: device [0-9a-f-]{36} was deprecated .*-10102/);
      expect(log).not.toMatch(/check-in (refused|failed)/);
      expect(fs.existsSync(path.join(dir, 'deprecated'))).toBe(true);
      test.info().annotations.push({
        type: 'engine',
        description: `run to exit 4: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      });
    });
  });
}
