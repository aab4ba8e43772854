import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { gzipSync } from 'node:zlib';
import { languages } from '../fixtures.ts';
import { chooseOption, uniq } from '../support/admin.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { groupWithSecret } from '../support/fleet.ts';
import { vendorToken } from '../support/portal.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Installers and versions (issue 11): the security operator uploads a real .tar.gz, sees it
 * listed with its SHA-256, downloads the same bytes, sees the install and enrol commands with a
 * group's secret, and deletes it; a file of another extension is refused before it is sent.
 */

type Lang = (typeof languages)[number]['code'];

const NOTES = { 'zh-CN': '扫描更快', 'en-US': 'Faster scans' } as const;

/** A version the vendor makes, tests and releases through its own calls: its number. */
async function releaseVersion(request: APIRequestContext): Promise<string> {
  const headers = { 'x-token': await vendorToken(request) };
  const number = `8.${Math.floor(Math.random() * 1e6)}.${Date.now() % 1000}`;
  const made = await request.post('/api/sa/ver/edit', {
    headers,
    data: {
      kind: 'TDE',
      systemType: 'E2E Linux',
      number,
      notesZh: NOTES['zh-CN'],
      notesEn: NOTES['en-US'],
    },
  });
  const { data } = (await made.json()) as { data: { id: string } };
  for (const state of ['testing', 'released']) {
    const moved = await request.post('/api/sa/ver/state', {
      headers,
      data: { id: data.id, state },
    });
    expect((await moved.json()).success).toBe(true);
  }
  return number;
}

const TEXT = {
  'zh-CN': {
    title: '安装包管理',
    upload: '上传安装包',
    file: '安装包文件',
    name: '名称',
    version: '版本号',
    kind: '产品类型',
    chooseKind: '请选择产品类型',
    system: '系统版本',
    // antd spaces out a button's two Chinese characters.
    save: /^保\s?存$/,
    badExtension: /扩展名不合法/,
    download: '下载',
    group: '分组',
    secretItself: '密钥本身',
    delete: '删除',
    ok: /^确\s?定$/,
    empty: '暂无安装包，请先上传。',
  },
  'en-US': {
    title: 'Installers',
    upload: 'Upload installer',
    file: 'Installer file',
    name: 'Name',
    version: 'Version',
    kind: 'Product type',
    chooseKind: 'Please choose the Product type',
    system: 'System version',
    save: /^Save$/,
    badExtension: /Illegal extension/,
    download: 'Download',
    group: 'Group',
    secretItself: 'The secret itself',
    delete: 'Delete',
    ok: /^OK$/,
    empty: 'No installers yet. Upload one first.',
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code });

    test(`[ADMIN][INSTALLERS]: upload a .tar.gz, listed with SHA-256, download the same bytes, install and enrol commands, delete, in ${code}`, async ({
      page,
      request,
      tenant: { accounts },
    }) => {
      test.setTimeout(120_000);
      const T = TEXT[code];
      const tag = uniq('i');
      const { group, secret } = await groupWithSecret(request, accounts);
      const bytes = gzipSync(Buffer.from(`edp agent ${tag}\n`.repeat(500)));
      const fileName = `edp-agent-${tag}.tar.gz`;

      const released = await releaseVersion(request);

      await signInAdmin(page, request, accounts.operator, '/admin/installers');
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      await expect(page.getByText(T.empty)).toBeVisible();
      // What the vendor released is offered here, its notes in the page's language.
      const offered = page.getByRole('row', { name: new RegExp(released.replace(/\./g, '\\.')) });
      await expect(offered).toContainText(NOTES[code]);
      await expectAccessible(page);

      // A file of another extension is refused before anything is sent.
      await page.getByRole('button', { name: T.upload }).click();
      const dialog = page.getByRole('dialog', { name: T.upload });
      const picker = dialog.locator('input[type=file]');
      await picker.setInputFiles({
        name: 'setup.sh',
        mimeType: 'text/x-sh',
        buffer: Buffer.from('#!/bin/sh\n'),
      });
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog.getByText(T.badExtension)).toBeVisible();

      // The file is marked required, the type is chosen, not typed; a package's file name
      // fills the empty name and version (issue 22).
      await expect(dialog.locator('label.ant-form-item-required', { hasText: T.file })).toHaveCount(
        1,
      );
      await expect(dialog.getByText(T.chooseKind).first()).toBeVisible();
      await picker.setInputFiles({
        name: 'edp-agent_1.0.0_amd64.deb',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('not really a deb'),
      });
      await expect(dialog.getByLabel(T.name, { exact: true })).toHaveValue('edp-agent');
      await expect(dialog.getByLabel(T.version, { exact: true })).toHaveValue('1.0.0');

      // The real upload.
      await picker.setInputFiles({ name: fileName, mimeType: 'application/gzip', buffer: bytes });
      await dialog.getByLabel(T.name, { exact: true }).fill(`Agent ${tag}`);
      await dialog.getByLabel(T.version, { exact: true }).fill('1.2.3');
      await dialog.getByLabel(T.kind, { exact: true }).click();
      await chooseOption(page, 'TDE');
      await dialog.getByLabel(T.system, { exact: true }).fill('CentOS 7');
      await expect(dialog.getByText(T.badExtension)).toHaveCount(0);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog).toBeHidden();

      const sha = createHash('sha256').update(bytes).digest('hex');
      const row = page.getByRole('row').filter({ hasText: `Agent ${tag}` });
      await expect(row).toContainText('1.2.3');
      await expect(row).toContainText('CentOS 7');
      await expect(row).toContainText(sha.slice(0, 12));
      await expect(row).toContainText(accounts.operator.account);

      // Download: the same bytes under the uploaded name.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: new RegExp(T.download) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(fileName);
      const saved = await download.path();
      expect(fs.readFileSync(saved).equals(bytes)).toBe(true);

      // The group's live secret (made before, so the console cannot show it: the operator
      // pastes it) and the commands that install the file and enrol the engine with it.
      await page.getByLabel(T.group, { exact: true }).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(group, { exact: true }).click();
      await page.getByLabel(T.secretItself).fill(secret);
      // Where the file comes from, and its check before it is installed.
      await expect(page.getByTestId('install-command')).toHaveText(
        `echo '${sha}  ${fileName}' | sha256sum -c &&\ntar -xzf ${fileName}`,
      );
      // Then the engine from this console, enrolled as the installer's product type.
      const commands = page.getByTestId('enrol-command');
      await expect(commands).toContainText(`${new URL(page.url()).origin}/api/agent/engine`);
      await expect(commands).toContainText(`--secret ${secret} --kind TDE`);
      await expect(commands).not.toContainText('npx');
      await expectAccessible(page);

      // Delete, after the question.
      await row.getByRole('button', { name: T.delete }).click();
      await page.getByRole('button', { name: T.ok }).click();
      await expect(row).toHaveCount(0);
      await expect(page.getByText(T.empty)).toBeVisible();
    });
  });
}
