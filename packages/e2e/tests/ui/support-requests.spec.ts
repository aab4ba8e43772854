import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { registerCompany } from '../support/company.ts';
import { signInCompany, signInVendor } from '../support/session.ts';

/** What the screens say in each language (locales/*\/requests.lazy.ts and menu.ts). */
const screens = {
  'en-US': {
    mine: 'My support requests',
    all: 'Support requests',
    add: 'New support request',
    title: 'Title',
    product: 'Product',
    expected: 'Expected resolution',
    description: 'Description',
    ok: /^OK$/,
    created: 'Support request opened',
    search: 'Search title or project',
    searchButton: /^Search$/,
    new: 'New',
    processing: 'Processing',
    solved: 'Solved',
    detail: /^Support request #\d+$/,
    replyLabel: 'Your reply',
    send: 'Send',
    sent: 'Sent',
    mark: (status: string) => `Mark "${status}"`,
    vendor: 'Vendor',
    customerIs: (name: string) => `Customer: ${name}`,
    lastChange: 'Last change',
  },
  'zh-CN': {
    mine: '我的需求',
    all: '需求列表',
    add: '提交需求',
    title: '标题',
    product: '产品',
    expected: '期望解决时间',
    description: '描述',
    ok: /^确\s?定$/,
    created: '需求已提交',
    search: '搜索标题或项目',
    searchButton: /^搜\s?索$/,
    new: '新建',
    processing: '处理中',
    solved: '已解决',
    detail: /^需求 #\d+$/,
    replyLabel: '回复内容',
    send: /^发\s?送$/,
    sent: '已发送',
    mark: (status: string) => `改为“${status}”`,
    vendor: '厂商',
    customerIs: (name: string) => `客户：${name}`,
    lastChange: '最近更新',
  },
} as const;

for (const lang of ['en-US', 'zh-CN'] as const) {
  test.describe(`support requests in ${lang}`, () => {
    test.use({ locale: lang });
    const s = screens[lang];

    test(`[PORTAL][REQUESTS]: a customer opens a support request with a file, the vendor answers and solves it, the customer reads the answer (${lang})`, async ({
      page,
      request,
      browser,
    }) => {
      const who = await registerCompany(request);
      const title = `Slow folders ${randomBytes(3).toString('hex')}`;
      await signInCompany(page, request, who, '/requests');
      await expect(page.getByRole('heading', { name: s.mine })).toBeVisible();

      // Open one: the form says what is missing, then takes it.
      await page.getByRole('button', { name: s.add }).click();
      const form = page.getByRole('dialog', { name: s.add });
      await form.getByLabel(s.title).fill(title);
      await form.getByLabel(s.product).fill('TDE');
      const expected = form.getByLabel(s.expected);
      await expected.click();
      await expected.fill('2030-01-15 10:00:00');
      await expected.press('Enter');
      await form.getByRole('button', { name: s.ok }).click();
      await expect(form.getByText(s.description)).toHaveCount(2); // the label and its message
      await form.getByLabel(s.description).fill('Encrypted folders open slowly since the update.');
      await form.locator('input[type=file]').setInputFiles({
        name: 'engine.log',
        mimeType: 'text/plain',
        buffer: Buffer.from('folder /srv/a opened in 9 s\n'),
      });
      await form.getByRole('button', { name: s.ok }).click();
      await expect(page.getByText(s.created)).toBeVisible();
      const mine = page.locator('tr.ant-table-row').filter({ hasText: title });
      await expect(mine).toContainText(s.new);
      await expectAccessible(page);

      // The vendor's team: finds it, answers, takes it up and solves it.
      const context = await browser.newContext({ locale: lang });
      const vendor = await context.newPage();
      await signInVendor(vendor, request, '/sa/requests');
      await expect(vendor.getByRole('heading', { name: s.all })).toBeVisible();
      await vendor.getByRole('searchbox', { name: s.search }).fill(title);
      await vendor.getByRole('button', { name: s.searchButton }).click();
      const row = vendor.locator('tr.ant-table-row').filter({ hasText: title });
      await expect(row).toContainText(who.company);
      // The customer's name narrows the list to that customer's requests; its tag says so.
      await row.getByRole('button', { name: who.company }).click();
      await expect(vendor.getByText(s.customerIs(who.company))).toBeVisible();
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: title }).click();
      const drawer = vendor.getByRole('dialog', { name: s.detail });
      // The customer's file, downloaded with its name and bytes.
      const downloading = vendor.waitForEvent('download');
      await drawer.getByRole('button', { name: /engine\.log/ }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe('engine.log');
      expect(fs.readFileSync(await file.path(), 'utf8')).toBe('folder /srv/a opened in 9 s\n');
      await drawer.getByLabel(s.replyLabel).fill('Please send the engine log of the last hour.');
      await drawer.getByRole('button', { name: s.send }).click();
      await expect(vendor.getByText(s.sent)).toBeVisible();
      await expect(drawer.getByText('Please send the engine log')).toBeVisible();
      await drawer.getByRole('button', { name: s.mark(s.processing) }).click();
      await expect(drawer.getByRole('button', { name: s.mark(s.solved) })).toBeVisible();
      await expectAccessible(vendor);
      await drawer.getByRole('button', { name: s.mark(s.solved) }).click();
      await expect(drawer.getByRole('button', { name: s.mark(s.processing) })).toBeVisible();
      await expect(row).toContainText(s.solved);
      // Sorted by last change, latest first (the second click); the list still reads it.
      await vendor.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      const lastChange = vendor.getByRole('columnheader', { name: s.lastChange });
      await lastChange.click();
      await lastChange.click();
      await expect(lastChange).toHaveAttribute('aria-sort', 'descending');
      await expect(row).toContainText(s.solved);
      await context.close();

      // The customer reads the answer, from the vendor's side, and the status.
      await page.reload();
      await expect(mine).toContainText(s.solved);
      await mine.getByRole('button', { name: title }).click();
      const detail = page.getByRole('dialog', { name: s.detail });
      const answer = detail
        .getByRole('listitem')
        .filter({ hasText: 'engine log of the last hour' });
      await expect(answer).toContainText(s.vendor);
      await expectAccessible(page);
    });
  });
}
