import { expectAccessible, expectFitsPhone } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { signInAdmin } from '../support/session.ts';
import { startNotifyReceiver } from '../../../server/src/test/notify-receiver.ts';

/**
 * SMS and warnings (issue 26): the system administrator sets an HTTP SMS gateway with a secret
 * header (shown again only by its hint), sends a test that the test gateway receives with the
 * template filled, turns warnings on by SMS and a webhook whose signing secret the page makes
 * (Standard Webhooks' whsec_ form, issue 35) and copies, sends a test warning that the receiver
 * verifies with the official library, and sees it sent in the delivery log; in zh-CN, with axe at
 * 1440 px and at 390 px. Both pages are read in both languages at both widths with axe by
 * small-screens.spec.ts, and the report journey runs in en-US: one journey each keeps the browser
 * tests' time.
 */

const TEXT = {
  'zh-CN': {
    sms: '短信配置',
    warn: '告警配置',
    http: 'HTTP 短信网关',
    channel: '通道名称',
    url: '接口地址',
    addHeader: '添加请求头',
    secret: '密钥',
    header1Name: '请求头 1 名称',
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
    hookHelp: '每条消息带 webhook-id、webhook-timestamp 和 webhook-signature 三个请求头',
    makeSecret: '生成密钥',
    copySecret: '复制密钥',
    secretMade: '已生成新密钥：保存后生效',
    copied: '已复制',
    warnSaved: /修改告警配置/,
    testWarn: '发送测试告警',
    queued: '已排队 2 条测试消息',
    sent: '已发送',
  },
} as const;

for (const code of ['zh-CN'] as const) {
  test.describe(`in ${code}`, () => {
    test.use({
      locale: code,
      viewport: { width: 1440, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });

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
        // The new header's row: its name's field, and the row around it that holds its switch.
        const headerName = page.getByLabel(T.header1Name);
        const header = headerName.locator('xpath=ancestor::*[.//input[@type="checkbox"]][1]');
        await headerName.fill('X-Api-Key');
        await header.getByRole('checkbox', { name: T.secret }).check();
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
          // The tenant's messages are in zh-CN until the warnings say otherwise (issue 35, 14).
          content: expect.stringMatching(/^这是一条测试短信：短信网关可用（测试码 \d{6}）$/),
        });
        await expectFitsPhone(page);

        await page.getByRole('navigation').getByRole('link', { name: T.warn }).click();
        await expect(page.getByRole('heading', { level: 1, name: T.warn })).toBeVisible();
        await page.getByRole('switch', { name: T.enabled }).click();
        await page.getByRole('checkbox', { name: T.viaSms, exact: true }).check();
        await page.getByRole('checkbox', { name: T.viaHook, exact: true }).check();
        const phones = page.getByLabel(T.phones);
        await phones.fill('13900139000');
        await phones.press('Enter');
        await page.getByLabel(T.hookUrl).fill(`${rx.url}/hook`);
        // The signing secret is made on the page, shown, and copied for the receiver.
        await expect(page.getByText(T.hookHelp)).toBeVisible();
        await page.getByRole('button', { name: T.makeSecret }).click();
        await expect(page.getByRole('status').filter({ hasText: T.secretMade })).toBeVisible();
        const secret = await page.getByLabel(T.hookSecret).inputValue();
        expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
        await page.getByRole('button', { name: T.copySecret }).click();
        await expect(page.getByText(T.copied)).toBeVisible();
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
        // The receiver holds the same one and checks with the official Standard Webhooks library.
        rx.hookSecret({ secret });
        await page.getByRole('button', { name: T.save }).click();
        await expect(page.getByText(T.warnSaved).last()).toBeVisible();
        await page.getByRole('button', { name: T.testWarn }).click();
        await expect(page.getByRole('status').filter({ hasText: T.queued })).toBeVisible();
        const [hook] = await rx.waitFor('/hook', 1);
        expect(hook!.verified).toBe(true);
        await rx.waitFor('/sms', 2);
        await expect(page.locator('.admin-table tbody').getByText(T.sent)).toHaveCount(2, {
          timeout: 15_000,
        });
        await expectAccessible(page);
        await expectFitsPhone(page);
      } finally {
        await rx.close();
      }
    });
  });
}
