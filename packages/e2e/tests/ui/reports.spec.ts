import { expectAccessible, expectFitsPhone } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Report downloads (issue 26): the auditor makes a monthly report, sees it made in the
 * background, downloads its PDF and XLSX, and switches the daily report on, in en-US, with axe
 * at 1440 px and at 390 px (the page in zh-CN at both widths: small-screens.spec.ts). What the files hold is tested on the server
 * (console/http/reports.test.ts: the PDF's text, Chinese included, and the XLSX's cells).
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
  },
} as const;

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
      await expectFitsPhone(page);
    });
  });
}
