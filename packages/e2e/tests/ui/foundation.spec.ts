import { expect, test } from '@playwright/test';
import { logInThroughForm, registerCompany } from '../support/company.ts';
import { test as tenantTest } from '../support/console-test.ts';
import { seriousViolations } from '../support/a11y.ts';

/** What the shell shows in each language (the texts come from the locale files). */
const shell = {
  'zh-CN': {
    fullName: 'EDP 终端数据防护管理平台',
    myauth: '我的授权',
    agreement: 'EDP 终端数据防护管理平台用户注册协议',
    privacy: 'EDP 终端数据防护管理平台隐私政策',
    collapse: '收起菜单',
    expand: '展开菜单',
    notFound: '页面不存在',
  },
  'en-US': {
    fullName: 'EDP Endpoint Data Protection Console',
    myauth: 'My license',
    agreement: 'EDP Endpoint Data Protection Console: User Registration Agreement',
    privacy: 'EDP Endpoint Data Protection Console: Privacy Policy',
    collapse: 'Collapse menu',
    expand: 'Expand menu',
    notFound: 'Page not found',
  },
} as const;

test.describe('[SHELL][LANGUAGE]', () => {
  test.use({ locale: 'zh-CN' });

  test('[SHELL][LANGUAGE]: Chinese browsers get Chinese; the switch changes it and is remembered', async ({
    page,
  }) => {
    await page.goto('/login');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('button', { name: '登 录', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
    await page.reload();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await page.getByRole('button', { name: '简体中文' }).click();
    await expect(page.getByRole('button', { name: '登 录', exact: true })).toBeVisible();
  });
});

test.describe('[SHELL][LANGUAGE] other browsers', () => {
  test.use({ locale: 'de-DE' });

  test('[SHELL][LANGUAGE]: a browser in any other language gets English', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  });
});

for (const lang of ['zh-CN', 'en-US'] as const) {
  test.describe(`in ${lang}`, () => {
    test.use({ locale: lang });

    tenantTest(
      `[SHELL][GUARD]: signed-out visits go to the login page with a redirect (${lang})`,
      // On a tenant's host (the fixture's baseURL), where the tenant is found.
      async ({ page }) => {
        await page.goto('/device/srv-01?tab=records');
        await expect(page).toHaveURL(/\/login\?redirect=%2Fdevice%2Fsrv-01%3Ftab%3Drecords$/);
        // A portal page carries the portal's title, not that of the tenant on the host
        // (docs/product.md §1); the console's pages carry the tenant's (vendor.spec.ts).
        await expect(page).toHaveTitle(shell[lang].fullName);
        await page.goto('/myauth');
        await expect(page).toHaveURL(/\/login\?redirect=%2Fmyauth$/);
        await page.goto('/admin/users');
        await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
      },
    );

    test(`[SHELL][STATIC]: the agreement and the privacy policy are public and complete (${lang})`, async ({
      page,
    }) => {
      await page.goto('/app-register');
      await expect(
        page.getByRole('heading', { level: 1, name: shell[lang].agreement }),
      ).toBeVisible();
      await page.goto('/app-privacy');
      await expect(
        page.getByRole('heading', { level: 1, name: shell[lang].privacy }),
      ).toBeVisible();
      const text = await page.locator('main').innerText();
      expect(text).toMatch(/36/); // months personal data is kept after deletion
      expect(text).toMatch(/16/); // age under which a person is a minor
      expect(await seriousViolations(page)).toEqual([]);
    });

    test(`[SHELL][NOT-FOUND]: an unknown page says so (${lang})`, async ({ page }) => {
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { name: shell[lang].notFound })).toBeVisible();
    });

    test(`[SHELL][A11Y]: landing and login pages have no serious accessibility violations (${lang})`, async ({
      page,
    }) => {
      await page.goto('/');
      await expect(page.locator('main')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goto('/login');
      await expect(page.locator('form')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      // The scan refuses what it must: a button without a name, put in the page, is reported.
      await page.locator('form').evaluate((form) => form.append(document.createElement('button')));
      expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^button-name: /)]);
    });

    test(`[SHELL][LAYOUT]: signed in, the menu collapses at 800 px and the login page leads home (${lang})`, async ({
      page,
      request,
    }) => {
      const company = await registerCompany(request);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto('/login?redirect=%2Fbalance');
      await logInThroughForm(page, company, lang);
      await expect(page).toHaveURL(/\/balance$/);
      const nav = page.getByRole('navigation', { name: lang === 'en-US' ? 'Main menu' : '主菜单' });
      await expect(nav.getByText(shell[lang].myauth)).toBeVisible();
      await expect(page.getByRole('button', { name: shell[lang].collapse })).toBeVisible();

      // Between 768 and 800 px the menu collapses to icons; below 768 it is a drawer
      // (small-screens.spec.ts).
      await page.setViewportSize({ width: 780, height: 800 });
      await expect(page.getByRole('button', { name: shell[lang].expand })).toBeVisible();
      const sider = page.locator('.ant-layout-sider');
      await expect.poll(async () => (await sider.boundingBox())?.width).toBe(80);
      await page.getByRole('button', { name: shell[lang].expand }).click();
      await expect.poll(async () => (await sider.boundingBox())?.width).toBe(230);

      await page.goto('/login');
      await expect(page).toHaveURL(/\/myauth$/);
      // Scan the page as it settles, not the loading mask (which dims the text under it).
      await expect(page.getByRole('heading', { level: 1, name: shell[lang].myauth })).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}

test.describe('[SHELL][OFFLINE]', () => {
  // The other tests block service workers (playwright.config.ts).
  test.use({ serviceWorkers: 'allow' });

  test('[SHELL][OFFLINE]: the app registers a service worker for the shell', async ({ page }) => {
    await page.goto('/login');
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toMatch(/\/$/);
  });
});

test.describe('[SHELL][BOOT]', () => {
  test.use({ locale: 'zh-CN', viewport: { width: 390, height: 844 } });

  test('[SHELL][BOOT]: on a phone, a slow network shows the boot screen until the first page draws, then it is gone', async ({
    page,
  }) => {
    // The app's scripts held back, as on a slow network: the page has only its HTML.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    const boot = page.getByRole('progressbar', { name: '加载中 · Loading' });
    await expect(boot).toBeVisible();
    await expect(page.getByRole('button', { name: '登 录', exact: true })).toHaveCount(0);

    release();
    await expect(page.getByRole('button', { name: '登 录', exact: true })).toBeVisible();
    await expect(boot).toBeHidden();
  });
});
