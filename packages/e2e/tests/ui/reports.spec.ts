import type { Page } from '@playwright/test';
import { languages } from '../fixtures.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Report downloads (issue 26): the auditor makes a monthly report, sees it made in the
 * background, downloads its PDF and XLSX, and switches the daily report on, in both languages,
 * with axe at 1440 px and at 390 px. What the files hold is tested on the server
 * (console/http/reports.test.ts: the PDF's text, Chinese included, and the XLSX's cells).
 */

type Lang = (typeof languages)[number]['code'];
const PHONE = { width: 390, height: 844 };

const TEXT = {
  'zh-CN': {
    title: '报表下载',
    schedule: '定时生成',
    make: '生成报表',
    save: /^保\s?存$/,
    name: /月报 \d{4}-\d{2}/,
    dialog: '生成报表',
    done: '已完成',
    daily: '日报',
    saved: /修改定时报表设置/,
  },
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
  },
} as const satisfies Record<Lang, Record<string, unknown>>;

/** At 390 px the page does not scroll sideways, and is accessible; then back to 1440 px. */
async function onPhone(page: Page) {
  const wide = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await expectAccessible(page);
  await page.setViewportSize(wide);
}

for (const { code } of languages) {
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

      // A monthly report of the last month that has ended, made in the background.
      await page.getByRole('button', { name: T.make }).click();
      const dialog = page.getByRole('dialog', { name: T.dialog });
      await expect(dialog).toBeVisible();
      await expectAccessible(page);
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

      // The daily report, made after each day ends.
      const schedule = page.locator('form[id="report-schedule"]');
      await schedule.getByRole('checkbox', { name: T.daily }).check();
      await schedule.getByRole('button', { name: T.save }).click();
      await expect(page.getByText(T.saved).last()).toBeVisible();
      await page.reload();
      await expect(
        page.locator('form[id="report-schedule"]').getByRole('checkbox', { name: T.daily }),
      ).toBeChecked();
      await onPhone(page);
    });
  });
}
