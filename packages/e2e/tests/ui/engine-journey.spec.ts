import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
// The agent's own test vendor (an Ed25519 key pair and certificates made as
// docs/licence-format.md says): encrypting a folder needs a TDE licence the engine trusts.
import { makeVendor } from '../../../agent/src/test/licence-fixture.ts';
import { languages } from '../fixtures.ts';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { enrolDrawerWithSecret } from '../support/enrol-drawer.ts';
import {
  engineFromCommands,
  start,
  stopEngines,
  type Started,
} from '../support/reference-engine.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 11's journey with the real reference engine (packages/agent, `edp-agent`) against the
 * real server, obtained as a customer obtains it: the security operator makes a group's
 * enrolment secret in the console and copies the commands the drawer shows; those commands,
 * pasted into bash in an empty folder outside the repository with nothing but Node on PATH,
 * download the engine from the console, check its SHA-256, enrol it and run it. The device shows
 * online with what the engine reported (a folder encrypted under a TDE licence, installed with
 * the downloaded engine), the operator deprecates it after the preview, and the engine's next
 * check-in is refused: it stops with exit code 4 (docs/engines-agent.md, "Stopping").
 *
 * Engines check in at the console's interval (CHECK_IN_INTERVAL_S: 10 s for the browser tests'
 * server, playwright.config.ts; ±10 %): the first check-in comes an interval after enrolling and
 * the refused one an interval later.
 *
 * The commands name the tenant's address, `t<hex>.localhost`, which Chromium sends to this
 * machine; many Linux machines resolve *.localhost to it too (RFC 6761, nss-myhostname), this
 * one does not. The shell's Node is given support/localhost-resolver.mjs (NODE_OPTIONS) for
 * that, and nothing else: the commands run exactly as copied (support/reference-engine.ts).
 */

type Lang = (typeof languages)[number]['code'];

/** The downloaded engine's one-shot command; it must exit 0. */
async function engineOk(folder: string, args: string[]): Promise<string> {
  const e = start(process.execPath, ['edp-agent.mjs', ...args], folder);
  const code = await e.exit;
  const out = e.output.join('');
  expect(code, `edp-agent ${args[0]}: ${out}`).toBe(0);
  return out;
}

/** The exit code, or 'still running' after `ms`. */
const exitWithin = (e: Started, ms: number) =>
  Promise.race([
    e.exit,
    new Promise<string>((r) => setTimeout(() => r(`still running after ${ms} ms`), ms)),
  ]);

test.afterEach(stopEngines);

const row = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

const TEXT = {
  'zh-CN': {
    title: '设备中心',
    copyCommands: '复制命令',
    copied: '已复制',
    online: '在线',
    detail: '设备详情：',
    environment: '检测环境',
    folders: '保护策略',
    licence: '激活与续期',
    tde: '加密（TDE）',
    deprecate: /废\s?弃$/, // after the icon's name; two characters spaced by antd
    affects: '将影响 1 台设备。',
    warning: '废弃不可撤销',
    deprecatedList: '已废弃',
  },
  'en-US': {
    title: 'Device center',
    copyCommands: 'Copy commands',
    copied: 'Copied',
    online: 'Online',
    detail: 'Device details: ',
    environment: 'Detection environment',
    folders: 'Protection',
    licence: 'Activation and renewal',
    tde: 'Encryption (TDE)',
    deprecate: /Deprecate$/,
    affects: 'This affects 1 device.',
    warning: 'cannot be undone',
    deprecatedList: 'Deprecated',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code, permissions: ['clipboard-read', 'clipboard-write'] });

    test(`[ADMIN][DEVICES][ENGINE]: the commands copied from the console get the real engine, which enrols, shows online with what it reported, and stops at its next check-in once deprecated, in ${code}`, async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      // Two or three engine intervals (~10 s each, ±10 %) plus the pages on a slow shared machine.
      test.setTimeout(120_000);
      const T = TEXT[code];
      const group = uniq('plant');
      const admin = await apiLogin(request, accounts.admin);
      await api(request, admin, '/user/group/add', { name: group });

      // 1. The security operator makes a secret for the group (named after it and the day) and
      // copies the commands shown with it.
      await signInAdmin(page, request, accounts.operator, '/admin/devices');
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      const { drawer, commands: shown } = await enrolDrawerWithSecret(page, group, code);
      await drawer.getByRole('button', { name: T.copyCommands }).click();
      await expect(page.getByText(T.copied)).toBeVisible();
      const commands = await page.evaluate(() => navigator.clipboard.readText());
      expect(commands).toBe(await shown.textContent());
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();

      // 2. On the machine: the commands as copied, in an empty folder. The engine downloads,
      // passes its check, enrols and runs.
      const startedAt = Date.now();
      const machine = await engineFromCommands(commands);
      const { root, home, state, identity, name } = machine;
      const engine = machine.shell;
      expect(engine.output.join('')).toMatch(
        /enrolled as device [0-9a-f-]{36}; first check-in in 10 s/,
      );

      // A TDE licence and a folder encrypted, with the downloaded engine; its next check-in
      // reports them.
      const shares = path.join(root, 'shares');
      fs.mkdirSync(shares);
      for (const f of ['a.docx', 'b.xlsx', 'c.pdf']) fs.writeFileSync(path.join(shares, f), f);
      const vendor = makeVendor(root);
      const lic = path.join(root, 'tde.lic');
      fs.writeFileSync(
        lic,
        vendor.certificate({ kind: 'TDE', serial: 4207, fingerprint: identity.fingerprint }),
      );
      await engineOk(home, ['install-licence', lic, '--key', vendor.keyFile]);
      expect(await engineOk(home, ['protect', '--tde', shares])).toMatch(/^0 /);
      expect(fs.readFileSync(path.join(shares, 'a.docx')).subarray(0, 6).toString()).toBe('EDPTDE');

      // 3. Listed in its group; the console counts the enrolment as contact, so it is online
      // before its first check-in (the engine's answers keep it so: below).
      await expect(async () => {
        await page.reload();
        await expect(row(page, name)).toContainText(T.online, { timeout: 2_000 });
      }).toPass({ timeout: 30_000, intervals: [2_000] });
      await expect(row(page, name)).toContainText(group);
      await expect(row(page, name)).toContainText(identity.version);
      await expectAccessible(page);

      // The running engine's check-ins (the first an interval after enrolling) are answered:
      // it records the last in its state directory, with the licence and folder it reported,
      // and the list still shows it online.
      const status = path.join(state, 'status.json');
      const reported = () => {
        if (!fs.existsSync(status)) return undefined;
        const { state } = JSON.parse(fs.readFileSync(status, 'utf8')) as {
          state: { licence: { serial: number } | null; protected: { files: number }[] };
        };
        return { serial: state.licence?.serial, files: state.protected[0]?.files };
      };
      await expect
        .poll(reported, { timeout: 45_000, intervals: [1_000] })
        .toEqual({ serial: 4207, files: 3 });
      expect(engine.child.exitCode, engine.output.join('')).toBeNull();
      await page.reload();
      await expect(row(page, name)).toContainText(T.online);

      // What the engine reported in that check-in (its encrypted folder and licence), in the
      // detail.
      await row(page, name).getByRole('link', { name, exact: true }).click();
      await expect(
        page.getByRole('heading', { level: 1, name: `${T.detail}${name}` }),
      ).toBeVisible();
      await expect(page.getByText(group)).toBeVisible();
      await page.getByRole('tab', { name: T.environment }).click();
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByText(identity.systemType, { exact: true })).toBeVisible();
      await expect(panel.getByText(identity.kernel, { exact: true })).toBeVisible();
      await expect(panel.getByText(identity.version, { exact: true })).toBeVisible();
      await page.getByRole('tab', { name: T.folders }).click();
      const folder = page
        .getByRole('tabpanel')
        .getByRole('row')
        .filter({ hasText: fs.realpathSync(shares) });
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
      expect(fs.existsSync(path.join(state, 'deprecated'))).toBe(true);
      test.info().annotations.push({
        type: 'engine',
        description: `run to exit 4: ${((Date.now() - startedAt) / 1000).toFixed(1)} s`,
      });
    });
  });
}
