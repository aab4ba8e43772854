import type { Browser } from '@playwright/test';
import { languages } from '../fixtures.ts';
import { expectAccessible, expectFitsPhone } from '../support/a11y.ts';
import { expect, test, type Tenant } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Retention (issue 25): the system administrator's log cleanup page (retention, backup, the
 * backups written so far; shortening asks first) and the auditor's audit log retention on the
 * audit page, in both languages, with axe at 1440 px and at 390 px. The backups' list is empty
 * here: the server's cleanup keeps every week some tenant of the shared test server still keeps
 * (the server tests write and list backups, console/http/log-retention.test.ts).
 */

type Lang = (typeof languages)[number]['code'];

const TEXT = {
  'zh-CN': {
    title: '日志清理',
    backups: '日志备份',
    empty: '还没有备份：备份在清理删除一周的日志之前写入。',
    month: '1 个月',
    half: '半年',
    year: '1 年',
    backup: '清理前备份',
    save: /^保\s?存$/,
    shorten: '缩短日志保留期？',
    shortenOk: '缩短并保存',
    cancel: /^取\s?消$/,
    saved: /修改日志清理设置/,
    audit: '审计日志',
    auditButton: (m: string) => `保留期：${m}`,
    auditTitle: '审计日志保留期',
    auditShorten: '缩短审计日志保留期？',
    threeYears: '3 年',
  },
  'en-US': {
    title: 'Log cleanup',
    backups: 'Log backups',
    empty: 'No backups yet: a backup is written before the cleanup deletes a week of logs.',
    month: '1 month',
    half: 'Half a year',
    year: '1 year',
    backup: 'Back up before cleanup',
    save: /^Save$/,
    shorten: 'Shorten the log retention?',
    shortenOk: 'Shorten and save',
    cancel: /^Cancel$/,
    saved: /Change log cleanup settings/,
    audit: 'Audit log',
    auditButton: (m: string) => `Kept for ${m}`,
    auditTitle: 'Audit log retention',
    auditShorten: 'Shorten the audit log retention?',
    threeYears: '3 years',
  },
} as const satisfies Record<Lang, Record<string, unknown>>;

/** A browser of the auditor's own on the tenant. */
async function auditorPage(browser: Browser, tenant: Tenant, locale: string) {
  const context = await browser.newContext({
    baseURL: tenant.url,
    locale,
    serviceWorkers: 'block',
    reducedMotion: 'reduce',
    viewport: { width: 1440, height: 900 },
  });
  return { context, page: await context.newPage() };
}

for (const { code } of languages) {
  test.describe(`in ${code}`, () => {
    test.use({ locale: code, viewport: { width: 1440, height: 900 } });

    test(`[ADMIN][LOGS][RETENTION]: log cleanup settings asked before shortening, the backups' list, and the auditor's audit log retention, in ${code}`, async ({
      browser,
      page,
      request,
      tenant,
    }) => {
      test.setTimeout(120_000);
      const T = TEXT[code];
      await signInAdmin(page, request, tenant.accounts.admin, '/admin/settings/logs');
      await expect(page.getByRole('heading', { level: 1, name: T.title })).toBeVisible();
      await expect(page.getByRole('navigation').getByRole('link', { name: T.title })).toBeVisible();
      await expect(page.getByRole('heading', { level: 2, name: T.backups })).toBeVisible();
      await expect(page.getByText(T.empty)).toBeVisible();
      // The defaults: half a year, backed up.
      await expect(page.getByRole('radio', { name: T.half })).toBeChecked();
      await expect(page.getByRole('switch', { name: T.backup })).toBeChecked();
      await expectAccessible(page);

      // Shortening asks first; cancelled, nothing is saved.
      await page.getByText(T.month, { exact: true }).click();
      await page.getByRole('button', { name: T.save }).click();
      const ask = page.getByRole('dialog').filter({ hasText: T.shorten });
      await expect(ask).toBeVisible();
      await expectAccessible(page);
      await ask.getByRole('button', { name: T.cancel }).click();
      await expect(ask).toBeHidden();
      await page.reload();
      await expect(page.getByRole('radio', { name: T.half })).toBeChecked();

      // Confirmed, it is saved.
      await page.getByText(T.month, { exact: true }).click();
      await page.getByRole('button', { name: T.save }).click();
      await ask.getByRole('button', { name: T.shortenOk }).click();
      await expect(page.getByText(T.saved).last()).toBeVisible();
      await page.reload();
      await expect(page.getByRole('radio', { name: T.month })).toBeChecked();
      // Longer, without backup: saved without a question.
      await page.getByText(T.year, { exact: true }).click();
      await page.getByRole('switch', { name: T.backup }).click();
      await page.getByRole('button', { name: T.save }).click();
      await expect(ask).toHaveCount(0);
      await expect(page.getByText(T.saved).last()).toBeVisible();
      await page.reload();
      await expect(page.getByRole('radio', { name: T.year })).toBeChecked();
      await expect(page.getByRole('switch', { name: T.backup })).not.toBeChecked();
      await expectFitsPhone(page);

      // The auditor's audit log retention, on the audit page.
      const auditor = await auditorPage(browser, tenant, code);
      try {
        const a = auditor.page;
        await signInAdmin(a, request, tenant.accounts.auditor, '/admin/audit');
        await expect(a.getByRole('heading', { level: 1, name: T.audit })).toBeVisible();
        const button = a.getByRole('button', { name: T.auditButton(T.year) });
        await button.click();
        const dialog = a.getByRole('dialog', { name: T.auditTitle });
        await expect(dialog.getByRole('radio', { name: T.year })).toBeChecked();
        await expectAccessible(a);
        // Longer: no question.
        await dialog.getByText(T.threeYears, { exact: true }).click();
        await dialog.getByRole('button', { name: T.save }).click();
        await expect(a.getByRole('button', { name: T.auditButton(T.threeYears) })).toBeVisible();
        // Shorter: asked first.
        await a.getByRole('button', { name: T.auditButton(T.threeYears) }).click();
        await dialog.getByText(T.month, { exact: true }).click();
        await dialog.getByRole('button', { name: T.save }).click();
        const sure = a.getByRole('dialog').filter({ hasText: T.auditShorten });
        await expect(sure).toBeVisible();
        await sure.getByRole('button', { name: T.shortenOk }).click();
        await expect(a.getByRole('button', { name: T.auditButton(T.month) })).toBeVisible();
        await expect(dialog).toBeHidden();
        await expectFitsPhone(a);
        await expect(a.getByRole('button', { name: T.auditButton(T.month) })).toBeVisible();
      } finally {
        await auditor.context.close();
      }
    });
  });
}
