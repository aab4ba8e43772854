import { randomUUID } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeLicenceRequest } from '../../../agent/src/licence-request.ts';
import { languages } from '../fixtures.ts';
import { api, apiLogin, uniq } from '../support/admin.ts';
import { seriousViolations } from '../support/a11y.ts';
import { loggingFleet } from '../support/engine-logs.ts';
import { navigate } from '../support/navigate.ts';
import { test as tenantTest } from '../support/console-test.ts';
import { registerCompany } from '../support/company.ts';
import { call, fundedCompany, issuedDevice, vendorToken } from '../support/portal.ts';
import { signInAdmin, signInCompany, signInVendor } from '../support/session.ts';

/**
 * Every signed-in page on a phone (issue 10): at 390 px the page never scrolls sideways (wide
 * tables scroll inside their own box), no heading is squeezed to a character or two per line,
 * and the menu opens as a drawer over the content instead of pushing it aside. A table's key
 * actions and names stay in sight while the rest of the row scrolls under them (issue 35).
 * Languages: each page's test runs in zh-CN and en-US; the journey of key actions runs the
 * console in en-US and the portal in zh-CN, with reasons written in both.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

type Lang = (typeof languages)[number]['code'];

/** Waits until the page's data has loaded: no request under way, no spinner or skeleton. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(
    page.locator('.ant-spin-spinning, .ant-skeleton-active, .route-fallback'),
  ).toHaveCount(0);
}

/** What the page shows of a phone's troubles: sideways scrolling, squeezed headings. */
async function phoneProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth) {
      // Name what sticks out of a box that fits: the cause of the sideways scroll.
      const right = (el: Element | null) => el?.getBoundingClientRect().right ?? 0;
      const wide = Array.from(document.querySelectorAll<HTMLElement>('body *'))
        .filter(
          (el) =>
            right(el) > window.innerWidth + 1 &&
            right(el.parentElement) <= window.innerWidth + 1 &&
            !el.closest('.ant-table-content'),
        )
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${el.getAttribute('class') ?? ''}`);
      problems.push(
        `scrolls sideways: ${doc.scrollWidth} px wide in ${window.innerWidth} (${wide.join(', ')})`,
      );
    }
    const headings = document.querySelectorAll<HTMLElement>(
      'h1, h2, h3, h4, .page-container__title, .section-title, .ant-card-head-title',
    );
    for (const heading of Array.from(headings)) {
      const box = heading.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(heading);
      const fontSize = parseFloat(style.fontSize);
      const lineHeight = parseFloat(style.lineHeight) || fontSize * 1.5;
      const lines = box.height / lineHeight;
      // Squeezed: more than two lines, each narrower than four characters.
      if (lines > 2.5 && box.width < 4 * fontSize) {
        problems.push(
          `heading "${heading.textContent?.trim().slice(0, 30)}" is ${Math.round(box.width)} px wide, ${Math.round(lines)} lines`,
        );
      }
    }
    // Table cells: their text (not the row's height) squeezed to a few characters per line.
    for (const cell of Array.from(document.querySelectorAll<HTMLElement>('th, td'))) {
      const text = cell.innerText.trim();
      if (!text || cell.getBoundingClientRect().width === 0) continue;
      // Line boxes of the cell's text (tags and buttons are boxes of their own).
      const tops = new Set<number>();
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) {
          if (r.width > 0) tops.add(Math.round(r.top / 4));
        }
      }
      const lines = tops.size;
      range.selectNodeContents(cell);
      const fontSize = parseFloat(getComputedStyle(cell).fontSize);
      if (lines > 2 && range.getBoundingClientRect().width < 4 * fontSize) {
        problems.push(`cell "${text.slice(0, 30)}" squeezed to ${lines} lines`);
      }
    }
    return problems;
  });
}

async function expectFits(page: Page, path: string) {
  await settled(page);
  await expect(page.locator('h1').first()).toBeVisible();
  // Polled: after a resize the layout switches on the next render (matchMedia listeners).
  await expect.poll(() => phoneProblems(page), { message: path }).toEqual([]);
}

/** Opens the menu from the header: it covers the content, which keeps its width. */
async function expectMenuDrawer(page: Page, lang: Lang) {
  const main = page.locator('#main');
  const before = (await main.boundingBox())!;
  expect(before.width, 'the content takes the whole phone').toBeGreaterThan(PHONE.width - 2);
  expect(await seriousViolations(page), 'the page with its menu closed is accessible').toEqual([]);
  await page.getByRole('button', { name: lang === 'en-US' ? 'Expand menu' : '展开菜单' }).click();
  const nav = page.getByRole('navigation', { name: lang === 'en-US' ? 'Main menu' : '主菜单' });
  await expect(nav).toBeVisible();
  const after = (await main.boundingBox())!;
  expect(after.width, 'the open menu does not squeeze the content').toBe(before.width);
  const menu = (await nav.boundingBox())!;
  expect(menu.x, 'the menu lies over the content').toBeLessThan(after.x + after.width);
  expect(await phoneProblems(page)).toEqual([]);
  expect(await seriousViolations(page), 'the open drawer is accessible').toEqual([]);
  // A menu entry leads to its page and closes the drawer.
  await nav.getByRole('link').last().click();
  await expect(nav).toBeHidden();
}

async function visit(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await navigate(page, path);
    await expectFits(page, path);
  }
}

/**
 * The console's pages at both sizes, each loaded once: at 1440 px its heading is in the language
 * under test and axe finds no serious violation; at 390 px it fits (the language test of the
 * system screens lived in admin-i18n.spec.ts and loaded each page a second time).
 */
async function visitBothSizes(page: Page, paths: readonly string[], lang: Lang) {
  for (const path of paths) {
    await page.setViewportSize(DESKTOP);
    await navigate(page, path);
    await settled(page);
    await expect(page.locator('h1').first()).toHaveText(HEADINGS[path]?.[lang] ?? /./);
    expect(await seriousViolations(page), `${path} at 1440 px`).toEqual([]);
    await page.setViewportSize(PHONE);
    await expectFits(page, path);
  }
}

/** Each console page's heading (the home's greets the user by name). */
const HEADINGS: Record<string, Record<Lang, string | RegExp>> = {
  '/admin': { 'zh-CN': /^欢迎，/, 'en-US': /^Welcome, / },
  '/admin/users': { 'zh-CN': '用户管理', 'en-US': 'Users' },
  '/admin/roles': { 'zh-CN': '角色管理', 'en-US': 'Roles' },
  '/admin/groups': { 'zh-CN': '分组管理', 'en-US': 'Groups' },
  '/admin/proxies': { 'zh-CN': '代理管理', 'en-US': 'Proxies' },
  '/admin/settings/login': { 'zh-CN': '登录设置', 'en-US': 'Login settings' },
  '/admin/settings/logs': { 'zh-CN': '日志清理', 'en-US': 'Log cleanup' },
  '/admin/settings/sms': { 'zh-CN': '短信配置', 'en-US': 'SMS' },
  '/admin/settings/warnings': { 'zh-CN': '告警配置', 'en-US': 'Warnings' },
  '/admin/devices': { 'zh-CN': '设备中心', 'en-US': 'Device center' },
  '/admin/tasks': { 'zh-CN': '任务列表', 'en-US': 'Tasks' },
  '/admin/keys': { 'zh-CN': '密钥管理', 'en-US': 'Key management' },
  '/admin/audit': { 'zh-CN': '审计日志', 'en-US': 'Audit log' },
  '/admin/reports': { 'zh-CN': '报表下载', 'en-US': 'Report downloads' },
  '/admin/review/elevation': { 'zh-CN': '提权审核', 'en-US': 'Elevation review' },
  '/admin/review/learning': { 'zh-CN': '学习模式审核', 'en-US': 'Learning-mode review' },
};

const DUTY_PAGES = {
  admin: [
    '/admin',
    '/admin/users',
    '/admin/roles',
    '/admin/groups',
    '/admin/proxies',
    '/admin/settings/login',
    '/admin/settings/logs',
    '/admin/settings/sms',
    '/admin/settings/warnings',
    '/admin/reports',
  ],
  operator: ['/admin', '/admin/groups', '/admin/devices', '/admin/tasks'],
  keyAdmin: ['/admin', '/admin/keys'],
  auditor: [
    '/admin',
    '/admin/audit',
    '/admin/reports',
    '/admin/review/elevation',
    '/admin/review/learning',
  ],
} as const;

for (const { code } of languages) {
  test.describe(`at 390 px in ${code}`, () => {
    test.use({ locale: code });

    // One test a duty, so they run side by side and each has its own time (one test of all
    // four duties took up to 3 minutes under load, and timed out).
    for (const [duty, paths] of Object.entries(DUTY_PAGES)) {
      tenantTest(
        `[UI][PHONE]: every console page of the ${duty}'s duty, accessible at 1440 px and fitting a phone, in ${code}`,
        async ({ browser, request, tenant }) => {
          // The admin's duty has the most pages: 2 minutes was not enough on a slow run of this
          // 2-core machine (a guard against a hang, not a speed check).
          tenantTest.setTimeout(180_000);
          // The operator's: a device (added through the API), so the device list has a row and
          // its detail a page, and a task to it (the device never checks in: the task waits).
          let own: string[] = [];
          if (duty === 'operator') {
            const admin = await apiLogin(request, tenant.accounts.admin);
            const group = await api<{ id: string }>(request, admin, '/user/group/add', {
              name: uniq('g'),
            });
            const operator = await apiLogin(request, tenant.accounts.operator);
            const device = await api<{ id: string }>(request, operator, '/dv/m/add', {
              name: 'phone-device',
              groupId: group.id,
              kind: 'TDE',
              systemType: 'Linux',
              ip: '10.0.0.1',
            });
            const task = await api<{ taskId: string }>(request, operator, '/async/m/se/protect', {
              target: { ids: [device.id] },
              path: '/srv/shares',
            });
            own = [`/admin/devices/${device.id}`, `/admin/tasks/${task.taskId}`];
          }
          const context = await browser.newContext({
            baseURL: tenant.url,
            locale: code,
            serviceWorkers: 'block',
            reducedMotion: 'reduce',
          });
          const page = await context.newPage();
          await signInAdmin(page, request, tenant.accounts[duty as keyof typeof DUTY_PAGES]);
          await visitBothSizes(page, paths, code);
          if (own.length) await visit(page, own);
          if (duty === 'admin') {
            await navigate(page, '/admin/users');
            await settled(page);
            await expectMenuDrawer(page, code);
          }
          await context.close();
        },
      );
    }

    test(`[UI][PHONE]: the portal pages fit a phone in ${code}`, async ({ page, request }) => {
      test.setTimeout(120_000);
      const who = await fundedCompany(request, 2);
      const device = await issuedDevice(request, who.token, 'TDE', 3);
      await signInCompany(page, request, who);
      await page.setViewportSize(PHONE);
      await visit(page, [
        '/myauth',
        '/device',
        `/device/${device}`,
        '/balance',
        '/recharge',
        '/requests',
      ]);
      // The account: the change-password dialog from the user menu.
      await navigate(page, '/myauth');
      await settled(page);
      await page.getByRole('button', { name: new RegExp(who.email) }).click();
      await page
        .getByRole('menuitem', { name: code === 'en-US' ? 'Change password' : '修改密码' })
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await phoneProblems(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expectMenuDrawer(page, code);
    });

    test(`[UI][PHONE]: the vendor pages fit a phone in ${code}`, async ({ page, request }) => {
      // A customer, for its page.
      const who = await registerCompany(request);
      const found = await request.post('/api/sa/coms', {
        headers: { 'x-token': await vendorToken(request) },
        data: { keyword: who.email },
      });
      const customer = ((await found.json()) as { data: { list: { id: string }[] } }).data.list[0]!;
      await signInVendor(page, request);
      await page.setViewportSize(PHONE);
      await visit(page, [
        '/sa',
        '/sa/customers',
        `/sa/customers/${customer.id}`,
        '/sa/versions',
        '/sa/tenants',
        '/sa/requests',
        '/sa/audit-log',
        '/sa/settings',
      ]);
      await navigate(page, '/sa');
      await settled(page);
      await expectMenuDrawer(page, code);
    });
  });
}

for (const { code } of languages) {
  tenantTest.describe(`at 1440 px in ${code}`, () => {
    tenantTest.use({ locale: code });

    tenantTest(
      `[UI][TABLE]: the users table at 1440 px keeps names, headers and row actions whole in ${code}`,
      async ({ page, request, tenant }) => {
        await page.setViewportSize({ width: 1440, height: 900 });
        await signInAdmin(page, request, tenant.accounts.admin, '/admin/users');
        await settled(page);
        await expect(page.getByRole('row')).not.toHaveCount(1);
        const problems = await page.evaluate(() => {
          const found: string[] = [];
          const cells = document.querySelectorAll<HTMLElement>('.admin-table th, .admin-table td');
          for (const cell of Array.from(cells)) {
            const text = cell.innerText.trim();
            if (!text) continue;
            const style = getComputedStyle(cell);
            const lineHeight = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
            const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
            const lines = (cell.getBoundingClientRect().height - padding) / lineHeight;
            if (cell.tagName === 'TH' && lines > 1.5)
              found.push(`header "${text}" on ${Math.round(lines)} lines`);
            if (cell.tagName === 'TD' && lines > 2.5)
              found.push(`cell "${text.slice(0, 30)}" on ${Math.round(lines)} lines`);
          }
          for (const actions of Array.from(
            document.querySelectorAll('.admin-table td.admin-table__actions'),
          )) {
            const tops = new Set(
              Array.from(actions.querySelectorAll('button')).map((b) =>
                Math.round(b.getBoundingClientRect().top),
              ),
            );
            if (tops.size > 1) found.push(`row actions on ${tops.size} lines`);
          }
          return found;
        });
        expect(problems).toEqual([]);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        ).toBe(true);
      },
    );
  });
}

/**
 * `target` with every box around it scrolled back to its start (a table's box shows its first
 * columns, as a page opens) and the page scrolled to it: it lies within the phone's width and a
 * tap at its middle reaches it (no column scrolled over it). No sideways scrolling needed.
 */
async function expectInSight(target: Locator, what: string) {
  await target.evaluate((el) => {
    el.scrollIntoView({ block: 'center' });
    for (let box = el.parentElement; box; box = box.parentElement) box.scrollLeft = 0;
  });
  const box = (await target.boundingBox())!;
  expect(box, `${what} is shown`).not.toBeNull();
  expect(box.x, `${what} starts on the phone's screen`).toBeGreaterThanOrEqual(0);
  expect(
    box.x + box.width,
    `${what} ends within the phone's ${PHONE.width} px`,
  ).toBeLessThanOrEqual(PHONE.width);
  const reached = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  expect(reached, `a tap on ${what} reaches it`).toBe(true);
}

/** Characters a line of `target`'s text holds on average (its text's line boxes). */
function charsPerLine(target: Locator) {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top)),
    );
    return (el.textContent ?? '').trim().length / Math.max(1, tops.size);
  });
}

/** Signs `who` in at the desktop's size (the menu in sight), then turns the page into a phone. */
async function phoneSignIn(
  page: Page,
  request: Parameters<typeof signInAdmin>[1],
  who: Parameters<typeof signInAdmin>[2],
  path: string,
) {
  await page.setViewportSize(DESKTOP);
  await signInAdmin(page, request, who, path);
  await page.setViewportSize(PHONE);
  await settled(page);
}

tenantTest(
  "[UI][PHONE]: a table's key actions and names stay in sight at 390 px: review, reports, enrolment secrets, the SMS rows, the months field (console in en-US), the portal's devices and licences (zh-CN)",
  async ({ browser, request, tenant }) => {
    tenantTest.setTimeout(150_000);
    // Two engines asking for elevation, with reasons in both scripts; a report of this month.
    const fleet = await loggingFleet(request, tenant.accounts, 2);
    const [zhDevice, enDevice] = fleet.engines as [
      (typeof fleet.engines)[0],
      (typeof fleet.engines)[0],
    ];
    const reasons = {
      [zhDevice.name]: '数据库迁移需要临时提权，以便更新财务系统加密文件夹中的报表模板',
      [enDevice.name]: 'database migration needs a temporary elevation to update the finance share',
    };
    for (const d of [zhDevice, enDevice])
      await api(request, fleet.operator, '/ack/m/ele', {
        deviceId: d.id,
        window: { hours: 1 },
        reason: reasons[d.name],
      });
    await api(request, fleet.operator, '/ack/m/lm', {
      deviceId: enDevice.id,
      window: { hours: 2 },
      reason: reasons[enDevice.name],
    });
    const auditor = await apiLogin(request, tenant.accounts.auditor);
    await api(request, auditor, '/report/m/make', { kind: 'monthly', locale: 'en-US' });

    const context = await browser.newContext({
      baseURL: tenant.url,
      locale: 'en-US',
      serviceWorkers: 'block',
      reducedMotion: 'reduce',
    });
    const page = await context.newPage();

    // The reviewer's lists: Approve and Dismiss in sight, each reason a readable paragraph.
    await phoneSignIn(page, request, tenant.accounts.auditor, '/admin/review/elevation');
    for (const d of [zhDevice, enDevice]) {
      const row = page.getByRole('row').filter({ hasText: d.name });
      await expect(row.locator('.review-reason')).toHaveText(reasons[d.name]!);
      await expectInSight(
        row.getByRole('button', { name: `Approve the request for ${d.name}` }),
        `Approve (${d.name})`,
      );
      await expectInSight(
        row.getByRole('button', { name: `Dismiss the request for ${d.name}` }),
        `Dismiss (${d.name})`,
      );
      expect(
        await charsPerLine(row.locator('.review-reason')),
        `the reason of ${d.name} is not wrapped every few characters`,
      ).toBeGreaterThanOrEqual(10);
    }
    expect(await phoneProblems(page)).toEqual([]);
    await navigate(page, '/admin/review/learning');
    await settled(page);
    await expectInSight(
      page.getByRole('button', { name: `Approve the request for ${enDevice.name}` }),
      'Approve (learning mode)',
    );

    // The report's downloads.
    await navigate(page, '/admin/reports');
    const report = page.getByRole('row').filter({ hasText: /Monthly report \d{4}-\d{2}/ });
    await expect(report.getByText('Done')).toBeVisible({ timeout: 30_000 });
    const name = (await report.getByRole('cell').first().textContent())!;
    for (const format of ['PDF', 'XLSX'])
      await expectInSight(report.getByRole('button', { name: `${name} ${format}` }), format);
    expect(await phoneProblems(page)).toEqual([]);

    // The group's enrolment secrets, in the enrol drawer: Revoke in sight.
    await phoneSignIn(page, request, tenant.accounts.operator, '/admin/devices');
    await page.getByRole('button', { name: 'Enrol engines' }).click();
    const drawer = page.getByRole('dialog', { name: 'Enrol engines' });
    await drawer.getByLabel('Group').click();
    await page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(fleet.group, { exact: true })
      .click();
    await drawer.getByRole('tab', { name: 'Secrets' }).click();
    await expectInSight(drawer.getByRole('button', { name: /^Revoke / }).first(), 'Revoke');
    await page.keyboard.press('Escape');

    // The months of an activation request, whole beside their unit.
    await navigate(page, `/admin/devices/${zhDevice.id}`);
    await page.getByRole('tab', { name: 'Activation and renewal' }).click();
    const months = page.getByRole('spinbutton', { name: 'Months' });
    await expect(months).toHaveValue('12');
    await months.fill('120');
    expect(
      await months.evaluate((el) => el.scrollWidth <= el.clientWidth),
      'the months field shows "120" whole',
    ).toBe(true);

    // The SMS gateway's parameters: each row a group of its own, its parts inside it.
    await phoneSignIn(page, request, tenant.accounts.admin, '/admin/settings/sms');
    await page.getByText('HTTP SMS gateway', { exact: true }).click();
    const rows = page.getByRole('group', { name: /^Parameters \d$/ });
    await expect(rows).toHaveCount(2);
    let above = 0;
    for (const n of [1, 2]) {
      const row = page.getByRole('group', { name: `Parameters ${n}`, exact: true });
      const box = (await row.boundingBox())!;
      expect(box.y, `parameter ${n} starts below parameter ${n - 1}`).toBeGreaterThanOrEqual(above);
      above = box.y + box.height;
      for (const part of [
        row.getByRole('textbox', { name: `Parameters ${n} Name` }),
        row.getByRole('textbox', { name: `Parameters ${n} Value` }),
        row.getByRole('checkbox', { name: 'Secret' }),
        row.getByRole('button', { name: `Remove ${n}` }),
      ]) {
        const at = (await part.boundingBox())!;
        expect(at.y >= box.y && at.y + at.height <= box.y + box.height, `in parameter ${n}`).toBe(
          true,
        );
        expect(at.x + at.width).toBeLessThanOrEqual(PHONE.width);
      }
    }
    expect(await phoneProblems(page)).toEqual([]);
    await context.close();

    // The portal in zh-CN: a device's name before its id, Details and a licence's download.
    const who = await fundedCompany(request, 2);
    const deviceId = randomUUID();
    const { file } = makeLicenceRequest({
      kind: 'TDE',
      deviceId,
      months: 3,
      name: 'finance-server-01',
    });
    const parsed = await call<{ requestId: string }>(
      request,
      '/com/auth/device',
      { file },
      who.token,
    );
    await call(request, '/com/issue', { requestId: parsed.requestId, months: 3 }, who.token);
    const portal = await browser.newPage({ locale: 'zh-CN', viewport: DESKTOP });
    await signInCompany(portal, request, who, '/device');
    await portal.setViewportSize(PHONE);
    await settled(portal);
    await expectInSight(portal.getByRole('cell', { name: 'finance-server-01' }), 'the device name');
    await expectInSight(
      portal.getByRole('link', { name: `查看 ${deviceId} 的详情` }),
      'the device details link',
    );
    expect(await phoneProblems(portal)).toEqual([]);
    await navigate(portal, `/device/${deviceId}`);
    await settled(portal);
    await expectInSight(
      portal.locator('.ant-table-tbody').getByRole('cell', { name: 'finance-server-01' }),
      'the device name (detail)',
    );
    await navigate(portal, '/myauth');
    await settled(portal);
    await expectInSight(
      portal.getByRole('button', { name: /^下载 .+ 的证书$/ }).first(),
      "a licence's download",
    );
    expect(await phoneProblems(portal)).toEqual([]);
    await portal.close();
  },
);
