import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { dataDir } from '../fixtures.ts';
import { expectAccessible } from '../support/a11y.ts';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { expect, test } from '../support/console-test.ts';
import { enrolDrawerWithSecret } from '../support/enrol-drawer.ts';
import { logInThroughForm } from '../support/company.ts';
import { call, fundedCompany } from '../support/portal.ts';
import { engineFromCommands, runningEngine, stopEngines } from '../support/reference-engine.ts';
import { navigate } from '../support/navigate.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 24's activation and renewal with the real reference engine, the console and the
 * vendor's portal of the same server: the security operator makes the request file on the
 * device's page (the engine answers its fingerprint), the customer has the portal sign it, and
 * the certificate uploaded in the console is installed by the engine; then the same for a
 * renewal, and the licence view. In zh-CN the journey starts where the user starts, with the
 * engine got by the enrol drawer's commands (the vendor key comes with its enrolment), and ends
 * with what the licence is for: the engine encrypting a folder (issue 35).
 */

test.afterEach(stopEngines);

const vendorKey = () => path.join(dataDir(), 'keys', 'vendor-ed25519.pub');
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const text = async (download: Download) => fs.readFileSync((await download.path())!, 'utf8');

/**
 * Steps 2 and 3 on the portal, as the customer `company`: the request uploaded and paid for,
 * the certificate saved. The portal keeps a device's licence code across its renewals.
 */
async function portalCertificate(
  request: APIRequestContext,
  company: { token: string },
  dat: string,
  months: number,
) {
  const { requestId } = await call<{ requestId: string }>(
    request,
    '/com/auth/device',
    { file: dat },
    company.token,
  );
  const issued = await call<{ recordId: string }>(
    request,
    '/com/issue',
    { requestId, months },
    company.token,
  );
  const res = await request.get(`/api/com/dw/${issued.recordId}`, {
    headers: { 'X-Token': company.token },
  });
  expect(res.ok()).toBe(true);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edp-lic-')), 'device.lic');
  fs.writeFileSync(file, await res.text());
  return file;
}

test.describe('in zh-CN', () => {
  test.use({ locale: 'zh-CN' });

  test('[ADMIN][LICENCES][ENGINE]: an engine got with the enrol drawer’s commands, activated in four steps through the portal, renewed under the same code, then encrypting a folder, in zh-CN', async ({
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(150_000);
    const group = uniq('plant');
    await api(request, await apiLogin(request, tenant.accounts.admin), '/user/group/add', {
      name: group,
    });

    // Where the user starts: the device centre's enrol drawer. Its commands, read from the
    // screen as shown, run by bash in an empty folder: they download the engine from the
    // console, check it, enrol it (named after this machine) and run it. No vendor key is given:
    // the engine holds the one its enrolment answered with.
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/devices');
    const { commands } = await enrolDrawerWithSecret(page, group, 'zh-CN');
    const shown = await commands.innerText();
    expect(shown).not.toContain('--vendor-key');
    await page.keyboard.press('Escape');
    const { name, root, state, shell } = await engineFromCommands(shown);
    const shares = path.join(root, 'shares');
    fs.mkdirSync(shares);
    const files = ['a.docx', 'b.xlsx', 'c.pdf'];
    const plain = (f: string) => `${f}: the quarter's figures\n`;
    for (const f of files) fs.writeFileSync(path.join(shares, f), plain(f));

    // The new engine appears in the device list, online in its group: its enrolment counts as
    // contact. (The open list reads itself again every 15 s; a reload shows it at once.)
    await page.reload();
    await expect(row(page, name)).toContainText('在线');
    await expect(row(page, name)).toContainText(group);
    await row(page, name).getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: `设备详情：${name}` })).toBeVisible();
    await page.getByRole('tab', { name: '激活与续期' }).click();
    const panel = page.getByRole('tabpanel', { name: '激活与续期' });

    // Step 1: the request file, made of what the engine answers.
    const [dat] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: '下载激活申请文件' }).click(),
    ]);
    expect(dat.suggestedFilename()).toMatch(new RegExp(`^${name}-TDE-act-[0-9a-f]{8}\\.dat$`));
    await expect(panel.getByRole('status')).toContainText('等待上传证书');

    // Steps 2 and 3 on the portal; step 4 here: the engine installs it and says so.
    const company = await fundedCompany(request, 2);
    const lic = await portalCertificate(request, company, await text(dat), 12);
    await panel.locator('input[type=file]').setInputFiles(lic);
    const installed = panel.getByRole('status').filter({ hasText: '引擎已安装许可证' });
    await expect(installed).toContainText('序列号 1', { timeout: 20_000 });
    const code = /EDP-[A-Z0-9-]+/.exec((await installed.textContent()) ?? '')![0];
    expect(fs.readFileSync(path.join(state, 'licence.lic'), 'utf8')).toBe(
      fs.readFileSync(lic, 'utf8'),
    );
    await expect(panel.locator('.device-detail')).toContainText('已激活');
    const record = (t: string) => panel.locator('tr.ant-table-row').filter({ hasText: t });
    await expect(record(code)).toContainText('激活');

    // The same certificate again: its request has been answered (a replay).
    await page.reload();
    await page.getByRole('tab', { name: '激活与续期' }).click();
    await panel.locator('input[type=file]').setInputFiles(lic);
    await expect(panel.getByRole('alert')).toContainText('未安装：许可证无效');

    // Renewal: the request carries the serial installed; the code stays, the serial rises.
    const [renewal] = await Promise.all([
      page.waitForEvent('download'),
      panel.getByRole('button', { name: '下载续期申请文件' }).click(),
    ]);
    expect(renewal.suggestedFilename()).toMatch(/-renew-/);
    const renewed = await portalCertificate(request, company, await text(renewal), 6);
    await panel.locator('input[type=file]').setInputFiles(renewed);
    await expect(panel.getByRole('status').filter({ hasText: code })).toContainText('序列号 2', {
      timeout: 20_000,
    });
    await expect(record('续期')).toContainText(code);
    await expectAccessible(page);

    // The licence view: the device with its code and state.
    await navigate(page, '/admin/licences');
    await page.getByRole('searchbox', { name: '设备名称、编号或 IP' }).fill(name);
    await page.getByRole('searchbox', { name: '设备名称、编号或 IP' }).press('Enter');
    await expect(row(page, name)).toContainText(code);
    await expect(row(page, name)).toContainText('正常');
    await expectAccessible(page);

    // What the licence is for: the engine encrypts a folder of its machine, chosen in the
    // device's folder browser on its protection tab, and the tab follows the command to its end.
    await row(page, name).getByRole('link', { name, exact: true }).click();
    await page.getByRole('tab', { name: '保护策略' }).click();
    await page.getByRole('button', { name: '添加受保护目录' }).click();
    const add = page.getByRole('dialog', { name: '添加受保护目录' });
    await add.getByLabel('目录路径').fill(shares);
    await add.getByRole('button', { name: /^前\s?往$/ }).click();
    await expect(add.getByRole('row').filter({ hasText: 'a.docx' })).toContainText('文件');
    await add.getByRole('button', { name: '选择此目录' }).click();
    await expect(add).toContainText(`所选目录：${shares}`);
    await add.getByLabel(/^加密（TDE）/).check();
    await add.getByRole('button', { name: '创建任务' }).click();
    await expect(add).toBeHidden();
    const folder = page.getByRole('tabpanel').getByRole('row').filter({ hasText: shares });
    await expect(folder).toContainText('加密目录');
    await expect(folder).toContainText('已完成', { timeout: 20_000 });
    await expect(folder).toContainText('加密（TDE）');
    await expect(folder.getByRole('cell', { name: '3', exact: true })).toBeVisible({
      timeout: 20_000,
    });
    // On disk, each file is the engine's ciphertext now: its TDE header, not the text it held.
    for (const f of files) {
      const bytes = fs.readFileSync(path.join(shares, f));
      expect(bytes.subarray(0, 7).toString('latin1')).toBe('EDPTDE\0');
      expect(bytes.includes(plain(f))).toBe(false);
    }
    expect(shell.child.exitCode, shell.output.join('')).toBeNull();
  });
});

/**
 * Steps 2 and 3 for many devices on the portal's own screen, as the customer does them: the zip
 * of request files the console saved is uploaded as it is under My license, which names each
 * device, issues them together and gives back one zip of certificates, saved to a file.
 */
async function portalIssuesZip(portal: Page, requests: string, devices: string[]) {
  await portal.locator('input[type=file]').setInputFiles(requests);
  const read = portal.getByRole('dialog', { name: 'Issue licenses' });
  for (const device of devices) {
    await expect(read.getByRole('row').filter({ hasText: device })).toContainText('Issue');
  }
  await expect(read).toContainText(`Read the request of ${devices.length} device`);
  await read.getByRole('button', { name: /^Issue \d+ certificates?$/ }).click();
  const issued = portal.getByRole('dialog', { name: 'Certificates issued' });
  await expect(issued).toContainText(`${devices.length} certificate`);
  await expect(issued).toContainText('Upload certificates');
  const [download] = await Promise.all([
    portal.waitForEvent('download'),
    issued.getByRole('button', { name: 'Download the certificates (zip)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^certificates-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
  const file = path.join(
    fs.mkdtempSync(path.join(os.tmpdir(), 'edp-lic-')),
    download.suggestedFilename(),
  );
  await download.saveAs(file);
  return file;
}

test.describe('in en-US', () => {
  test.use({ locale: 'en-US' });

  test('[ADMIN][LICENCES][PORTAL]: request files for a selection in one zip, issued together on the portal (opened from step 2) and its zip of certificates uploaded whole, refusals with reasons, on a phone in en-US', async ({
    page,
    request,
    tenant,
  }) => {
    test.setTimeout(120_000);
    const { name } = await runningEngine(request, tenant, { vendorKey: vendorKey() });
    await signInAdmin(page, request, tenant.accounts.operator, '/admin/licences');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('heading', { level: 1, name: 'Licenses' })).toBeVisible();
    await expect(row(page, name)).toContainText('None');
    await page.getByRole('checkbox', { name }).check();
    await page.getByRole('button', { name: 'Download request files' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download request files' });
    await expect(dialog).toContainText('selected');
    const [zip] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Download request files' }).click(),
    ]);
    expect(zip.suggestedFilename()).toMatch(/^licence-requests-\d{4}-\d{2}-\d{2}-\d+\.zip$/);
    expect((await text(zip)).startsWith('PK')).toBe(true);
    const requests = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'edp-dat-')), 'requests.zip');
    await zip.saveAs(requests);

    // A file that is no certificate, and one signed by nobody the console trusts.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'edp-lic-'));
    fs.writeFileSync(path.join(dir, 'notes.lic'), 'not a certificate');
    fs.writeFileSync(
      path.join(dir, 'forged.lic'),
      '-----BEGIN EDP LICENSE-----\nZm9yZ2Vk\n-----END EDP LICENSE-----\n',
    );
    await page
      .locator('input[type=file]')
      .setInputFiles([path.join(dir, 'notes.lic'), path.join(dir, 'forged.lic')]);
    const result = page.getByRole('dialog', { name: 'Certificates uploaded' });
    await expect(result).toContainText('No certificate could be installed.');
    await expect(result).toContainText('2 certificates refused');
    await expect(result).toContainText('forged.lic');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.keyboard.press('Escape');

    // The device's activation steps on a phone: step 2 names the portal's page as the portal
    // does and opens it, on this same server, in another tab.
    await row(page, name).getByRole('link', { name }).click();
    await page.getByRole('tab', { name: 'Activation and renewal' }).click();
    const panel = page.getByRole('tabpanel', { name: 'Activation and renewal' });
    await expect(panel.getByRole('button', { name: 'Download activation request' })).toBeVisible();
    await expect(panel).toContainText("Upload it to the vendor's portal");
    await expect(panel).toContainText('under My license');
    await expectAccessible(page);
    const [portal] = await Promise.all([
      page.context().waitForEvent('page'),
      panel.getByRole('link', { name: 'Open My license on the portal' }).click(),
    ]);
    // The customer signs in there; the console in the first tab stays signed in.
    const company = await fundedCompany(request, 1);
    await expect(portal).toHaveURL(/\/login\?redirect=%2Fmyauth$/);
    await logInThroughForm(portal, company);
    await expect(portal.getByRole('heading', { level: 1, name: 'My license' })).toBeVisible();
    const certificates = await portalIssuesZip(portal, requests, [name]);
    await expectAccessible(portal);
    await portal.close();

    // Step 4 for the selection: the portal's zip uploaded whole, each certificate to its device.
    await navigate(page, '/admin/licences');
    await page.locator('input[type=file]').setInputFiles(certificates);
    const uploaded = page.getByRole('dialog', { name: 'Certificates uploaded' });
    await expect(uploaded).toContainText('1 certificate passed the checks');
    await expect(uploaded).not.toContainText('refused');
    await uploaded.getByRole('button', { name: 'OK' }).click();
    // The engine installs it (the task's command reaches it on its stream): the device's
    // licence is normal now.
    await expect(async () => {
      await page.reload();
      await expect(row(page, name)).toContainText('Normal', { timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    await expect(row(page, name)).toContainText(/EDP-/);
  });
});
