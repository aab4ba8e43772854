import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/a11y.ts';
import { expect, test } from '../support/console-test.ts';
import { alters, loggingFleet, reads, sendLogs } from '../support/engine-logs.ts';
import { signInAdmin } from '../support/session.ts';

/**
 * Issue 26's data overview and big screen with events engines posted through the protocol
 * (POST /api/agent/logs): the home's charts (devices, events and alerts of a range, the devices
 * with the most alerts) and the big screen refreshing by itself; zh-CN at 1440 px, en-US at
 * 390 px, each with axe. A chart is a canvas: its figures are read from its text (aria-label).
 */

const PHONE = { width: 390, height: 844 };
const chart = (page: Page, name: RegExp | string) => page.getByRole('img', { name });
/**
 * Scrolls down to the home's charts, as a reader does: they load once their place nears the
 * window, after the figures above them are drawn (until then the page's end moves on).
 */
const scrollToCharts = (page: Page, heading: string) =>
  expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible({
      timeout: 1_000,
    });
  }).toPass();

test.describe('in zh-CN at 1440 px', () => {
  test.use({
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    viewport: { width: 1440, height: 900 },
  });

  test('[OVERVIEW][UI]: the home’s charts of devices, events and alerts by range, then the big screen refreshing live and in full screen, in zh-CN', async ({
    page,
    request,
    tenant: { accounts },
  }) => {
    const { engines } = await loggingFleet(request, accounts, 2);
    const [a, b] = engines as [(typeof engines)[0], (typeof engines)[0]];
    await sendLogs(request, a, [
      ...reads(4),
      {
        kind: 'access',
        outcome: 'denied',
        operation: 'write',
        program: '/usr/bin/vi',
        user: 'root',
        path: '/etc/shadow',
      },
      ...alters(3),
    ]);
    await sendLogs(request, b, alters(1, '/opt/web'));

    // 1. The home: the charts come after the figures, in the operator's groups.
    await signInAdmin(page, request, accounts.operator, '/admin');
    await scrollToCharts(page, '数据概览');
    await expect(
      chart(page, '24 小时：访问事件 5，其中拒绝 1；DPI 变更 4；TDE 变更 0；告警 4'),
    ).toBeVisible();
    await expect(chart(page, `告警最多的设备：${a.name} 3，${b.name} 1`)).toBeVisible();
    await expect(chart(page, '设备状态：在线 2，离线 0，未上线 0')).toBeVisible();
    await expect(chart(page, '设备类型：DPI 2')).toBeVisible();
    await page.getByText('7 天', { exact: true }).click();
    await expect(chart(page, /^7 天：访问事件 5，/)).toBeVisible();
    await expectAccessible(page);

    // 2. The big screen, from the home's link: it reads again by itself (no reload).
    await page.getByRole('link', { name: '打开大屏展示' }).click();
    await expect(page).toHaveURL(/\/admin\/screen$/);
    await expect(page.getByRole('heading', { level: 1, name: '终端安全态势' })).toBeVisible();
    const alerts = page.locator('dt', { hasText: '24 小时告警' }).locator('+ dd');
    await expect(alerts).toHaveText('4');
    await expect(page.getByText(/^更新于 /)).toBeVisible();
    await expectAccessible(page);
    await sendLogs(request, b, alters(2, '/opt/api'));
    await expect(alerts).toHaveText('6', { timeout: 15_000 });
    // Equal counts in the order of the devices' ids.
    await expect(chart(page, new RegExp(`^告警最多的设备：.*${b.name} 3`))).toBeVisible();

    // Full screen (the Fullscreen API) and back.
    await page.getByRole('button', { name: '全屏显示' }).click();
    await expect(page.getByRole('button', { name: '退出全屏' })).toBeVisible();
    expect(await page.evaluate(() => document.fullscreenElement?.className)).toBe('admin-screen');
    await page.getByRole('button', { name: '退出全屏' }).click();
    await expect(page.getByRole('button', { name: '全屏显示' })).toBeVisible();
  });
});

test.describe('in en-US at 390 px', () => {
  test.use({ locale: 'en-US', timezoneId: 'UTC' });

  test('[OVERVIEW][UI][PHONE]: the auditor’s home charts and big screen on a phone, in en-US', async ({
    page,
    request,
    tenant: { accounts },
  }) => {
    const { engines } = await loggingFleet(request, accounts, 1);
    const e = engines[0]!;
    await sendLogs(request, e, [...reads(2), ...alters(2)]);

    await signInAdmin(page, request, accounts.auditor, '/admin');
    await page.setViewportSize(PHONE);
    await scrollToCharts(page, 'Data overview');
    await expect(
      chart(
        page,
        '24 hours: 2 access events, 0 of them denied; 2 DPI changes; 0 TDE changes; 2 alerts',
      ),
    ).toBeVisible();
    await expect(chart(page, `Devices with the most alerts: ${e.name} 2`)).toBeVisible();
    await expect(
      chart(page, 'Licenses ending: Expired 0, Within 7 days 0, 8–30 days 0, 31–90 days 0'),
    ).toBeVisible();
    await page.getByText('12 months', { exact: true }).click();
    await expect(chart(page, /^12 months: 2 access events,/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);

    await page.getByRole('link', { name: 'Open the big screen' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Endpoint security at a glance' }),
    ).toBeVisible();
    await expect(page.locator('dt', { hasText: 'Alerts, 24 hours' }).locator('+ dd')).toHaveText(
      '2',
    );
    await expect(page.getByRole('button', { name: 'Full screen' })).toBeVisible();
    await expect(chart(page, 'Device state: Online 1, Offline 0, Never seen 0')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await expectAccessible(page);
  });
});
