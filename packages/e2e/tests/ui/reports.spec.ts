import { expectAccessible, expectFitsPhone } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Report downloads (issue 26): the auditor makes a monthly report, sees it made in the
 * background, downloads its PDF and XLSX, and switches the daily report on, in en-US, with axe
 * at 1440 px and at 390 px (the page in zh-CN at both widths: small-screens.spec.ts). A report of
 * today, whose period has not ended, is told apart before it is made and in the list (issue 35),
 * in en-US and then in zh-CN. What the files hold is tested on the server
 * (console/http/reports.test.ts: the PDF's text, Chinese included, and the XLSX's cells, the
 * partial period's notice; console/reports/report-pdf.test.ts: the pages).
 */

const TEXT = {
  'en-US': {
    title: 'Report downloads',
    schedule: 'Schedule',
    make: 'Make report',
    save: /^Save$/,
    name: /Monthly report \d{4}-\d{2}/,
    dialog: 'Make a report',
    done: 'Done',
    daily: 'Daily',
    saved: /Change report schedule/,
    kind: 'Kind',
    day: 'A day in the period',
    notEnded: 'This period has not ended yet',
    notEndedHelp: /counts it only up to the moment it is made, so its figures are partial/,
    dailyName: /Daily report \d{4}-\d{2}-\d{2}/,
    partial: 'Partial',
  },
} as const;

/** The zh-CN dialog's words (the page switched to 简体中文 at the journey's end). */
const ZH = {
  make: '生成报表',
  day: '周期内的日期',
  notEnded: '所选周期尚未结束',
  notEndedHelp: '报表只统计到生成的时刻为止，数据不完整；周期结束后可再生成一份完整的报表。',
  cancel: /^取\s?消$/,
};

for (const code of ['en-US'] as const) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code, viewport: { width: 1440, height: 900 } });

    test(`[ADMIN][REPORTS]: a monthly report made, downloaded as PDF and XLSX, and the daily report scheduled, in ${code}`, async ({
      page,
      request,
      tenant,
    }) => {
      test.setTimeout(120_000);
      const T = TEXT[code];
      await signInAdmin(page, request, tenant.accounts.auditor, '/admin/reports');
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: T.title })).toBeVisible();
      await expectAccessible(page);

      // A monthly report of the last month that has ended, made in the background: no notice.
      await page.getByRole('button', { name: T.make }).click();
      const dialog = page.getByRole('dialog', { name: T.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
      await expect(dialog.getByText(T.notEnded)).toHaveCount(0);
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog).toBeHidden();
      const row = page.getByRole('row').filter({ hasText: T.name });
      await expect(row.getByText(T.done)).toBeVisible({ timeout: 30_000 });
      const name = (await row.getByRole('cell').first().textContent())!;

      for (const format of ['PDF', 'XLSX'] as const) {
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          row.getByRole('button', { name: `${name} ${format}` }).click(),
        ]);
        expect(file.suggestedFilename()).toMatch(
          new RegExp(`^report-monthly-\\d{4}-\\d{2}\\.${format.toLowerCase()}$`),
        );
      }

      // Today's report: its day has not ended, which the dialog says before it is made, and the
      // list marks it once made.
      const today = await page.evaluate(() => {
        const d = new Date();
        const two = (n: number) => String(n).padStart(2, '0');
        return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
      });
      await page.getByRole('button', { name: T.make }).click();
      await dialog.getByLabel(T.kind).click();
      await page.locator('.ant-select-dropdown:visible').getByTitle(T.daily).click();
      await dialog.getByLabel(T.day).fill(today);
      await dialog.getByLabel(T.day).press('Enter');
      await expect(dialog.getByText(T.notEnded)).toBeVisible();
      await expect(dialog.getByText(T.notEndedHelp)).toBeVisible();
      await expectAccessible(page);
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(dialog).toBeHidden();
      const daily = page.getByRole('row').filter({ hasText: T.dailyName });
      await expect(daily.getByText(T.done)).toBeVisible({ timeout: 30_000 });
      await expect(daily.getByText(T.partial, { exact: true })).toBeVisible();
      await expect(row.getByText(T.partial, { exact: true })).toHaveCount(0);

      // The daily report, made after each day ends.
      const schedule = page.locator('form[id="report-schedule"]');
      await schedule.getByRole('checkbox', { name: T.daily }).check();
      await schedule.getByRole('button', { name: T.save }).click();
      await expect(page.getByText(T.saved).last()).toBeVisible();
      await page.reload();
      await expect(
        page.locator('form[id="report-schedule"]').getByRole('checkbox', { name: T.daily }),
      ).toBeChecked();
      await expectFitsPhone(page);

      // The same notice in zh-CN.
      await page.getByRole('button', { name: '简体中文' }).click();
      await page.getByRole('button', { name: ZH.make }).click();
      const zhDialog = page.getByRole('dialog', { name: ZH.make });
      await zhDialog.getByLabel(ZH.day).fill(today);
      await zhDialog.getByLabel(ZH.day).press('Enter');
      await expect(zhDialog.getByText(ZH.notEnded)).toBeVisible();
      await expect(zhDialog.getByText(ZH.notEndedHelp)).toBeVisible();
      await zhDialog.getByRole('button', { name: ZH.cancel }).click();
      await expect(zhDialog).toBeHidden();
    });
  });
}
