import type { Page } from '@playwright/test';
import { languages } from '../fixtures.ts';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';
import { startNotifyReceiver } from '../../../server/src/test/notify-receiver.ts';

/**
 * SMS and warnings (issue 26): the system administrator sets an HTTP SMS gateway with a secret
 * header (shown again only by its hint), sends a test that the test gateway receives with the
 * template filled, turns warnings on by SMS and a webhook, sends a test warning and sees it sent
 * in the delivery log; in both languages, with axe at 1440 px and at 390 px.
 */

type Lang = (typeof languages)[number]['code'];
const PHONE = { width: 390, height: 844 };

const TEXT = {
  'zh-CN': {
    sms: '短信配置',
    warn: '告警配置',
    http: 'HTTP 短信网关',
    channel: '通道名称',
    url: '接口地址',
    addHeader: '添加请求头',
    secret: '密钥',
    phone: '绑定手机号',
    save: /^保\s?存$/,
    saved: /修改短信配置/,
    keep: /已保存 ••••1234，留空则保留/,
    test: '发送测试短信',
    tested: /网关已接收（HTTP 200/,
    enabled: '启用告警',
    viaSms: '短信',
    viaHook: 'Webhook',
    phones: '接收手机号',
    hookUrl: 'Webhook 地址',
    hookSecret: 'Webhook 签名密钥',
    warnSaved: /修改告警配置/,
    testWarn: '发送测试告警',
    queued: '已排队 2 条测试消息',
    sent: '已发送',
  },
  'en-US': {
    sms: 'SMS',
    warn: 'Warnings',
    http: 'HTTP SMS gateway',
    channel: 'Channel name',
    url: 'Address',
    addHeader: 'Add header',
    secret: 'Secret',
    phone: 'Bound phone',
    save: /^Save$/,
    saved: /Change SMS settings/,
    keep: /Saved ••••1234; leave empty to keep it/,
    test: 'Send test SMS',
    tested: /The gateway took it \(HTTP 200/,
    enabled: 'Warnings on',
    viaSms: 'SMS',
    viaHook: 'Webhook',
    phones: 'Phones',
    hookUrl: 'Webhook address',
    hookSecret: 'Webhook signing secret',
    warnSaved: /Change warning settings/,
    testWarn: 'Send test warning',
    queued: '2 test messages queued',
    sent: 'Sent',
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

    test(`[ADMIN][NOTIFY]: an SMS gateway saved with its secret hidden and tested, warnings by SMS and webhook tested and logged, in ${code}`, async ({
      page,
      request,
      tenant,
    }) => {
      test.setTimeout(90_000);
      const T = TEXT[code];
      const rx = await startNotifyReceiver();
      try {
        await signInAdmin(page, request, tenant.accounts.admin, '/admin/settings/sms');
        await expect(page.getByRole('heading', { level: 1, name: T.sms })).toBeVisible();
        await page.getByText(T.http, { exact: true }).click();
        await page.getByLabel(T.channel).fill('Test');
        await page.getByLabel(T.url, { exact: true }).fill(`${rx.url}/sms/send`);
        await page.getByRole('button', { name: T.addHeader }).click();
        const header = page
          .locator('.ant-space')
          .filter({ has: page.getByText(T.secret) })
          .first();
        await header.getByRole('textbox').first().fill('X-Api-Key');
        await header.getByRole('checkbox').check();
        await header.locator('input[type="password"]').fill('gateway-key-1234');
        await page.getByLabel(T.phone).fill('13800138000');
        await expectAccessible(page);
        await page.getByRole('button', { name: T.save }).click();
        await expect(page.getByText(T.saved).last()).toBeVisible();
        await page.reload();
        await expect(page.getByPlaceholder(T.keep)).toBeVisible();
        await page.getByRole('button', { name: T.test }).click();
        await expect(page.getByRole('status').filter({ hasText: T.tested })).toBeVisible();
        const [sms] = await rx.waitFor('/sms', 1);
        expect(sms!.headers['x-api-key']).toBe('gateway-key-1234');
        expect(sms!.body).toMatchObject({
          mobile: '13800138000',
          content: expect.stringMatching(/^\d{6}$/),
        });
        await onPhone(page);

        await page.getByRole('navigation').getByRole('link', { name: T.warn }).click();
        await expect(page.getByRole('heading', { level: 1, name: T.warn })).toBeVisible();
        await page.getByRole('switch', { name: T.enabled }).click();
        await page.getByRole('checkbox', { name: T.viaSms, exact: true }).check();
        await page.getByRole('checkbox', { name: T.viaHook, exact: true }).check();
        const phones = page.getByLabel(T.phones);
        await phones.fill('13900139000');
        await phones.press('Enter');
        await page.getByLabel(T.hookUrl).fill(`${rx.url}/hook`);
        await page.getByLabel(T.hookSecret).fill('webhook-secret-5678');
        await page.getByRole('button', { name: T.save }).click();
        await expect(page.getByText(T.warnSaved).last()).toBeVisible();
        await page.getByRole('button', { name: T.testWarn }).click();
        await expect(page.getByRole('status').filter({ hasText: T.queued })).toBeVisible();
        await rx.waitFor('/hook', 1);
        await rx.waitFor('/sms', 2);
        await expect(page.locator('.admin-table tbody').getByText(T.sent)).toHaveCount(2, {
          timeout: 15_000,
        });
        await expectAccessible(page);
        await onPhone(page);
      } finally {
        await rx.close();
      }
    });
  });
}
