import { expect, test } from '@playwright/test';

/**
 * How the app reaches the browser (docs/decisions.md, "Delivery and first load"): compressed
 * pages and scripts, a real icon at /favicon.ico, robots.txt, a meta description in the
 * page's language.
 */
test.describe('[DELIVERY]', () => {
  test.use({ locale: 'zh-CN' });

  test('[DELIVERY]: the page and its scripts arrive brotli-compressed and the login form shows', async ({
    page,
  }) => {
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (res) => {
      if (
        res.request().resourceType() === 'script' &&
        new URL(res.url()).pathname.startsWith('/assets/')
      )
        scripts.push({ url: res.url(), encoding: res.headers()['content-encoding'] });
    });
    const answer = await page.goto('/login');
    expect(answer?.headers()['content-encoding']).toBe('br');
    expect(answer?.headers()['vary']).toMatch(/accept-encoding/i);
    await expect(page.getByRole('button', { name: '登 录', exact: true })).toBeVisible();
    expect(scripts.length).toBeGreaterThan(3);
    // Every script worth compressing (the build skips files under 1 KiB) came as brotli.
    const plain = scripts.filter((s) => s.encoding !== 'br');
    for (const { url } of plain) {
      const size = (await (await page.request.get(url)).body()).length;
      expect(size, url).toBeLessThan(1024);
    }
  });

  test('[DELIVERY]: /favicon.ico is an icon and robots.txt keeps crawlers off the API and the inner console pages', async ({
    request,
  }) => {
    const icon = await request.get('/favicon.ico');
    expect(icon.status()).toBe(200);
    expect(icon.headers()['content-type']).toMatch(/^image\//);

    const missing = await request.get('/apple-touch-icon-precomposed.png');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).not.toMatch(/html/);

    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    const text = await robots.text();
    for (const path of ['/api/', '/admin/', '/sa']) expect(text).toContain(`Disallow: ${path}`);
    // The sign-in pages and the console's front door (its sign-in to a visitor) stay crawlable.
    expect(text).not.toMatch(/Disallow: \/(login|register|admin)?\s*$/m);
  });

  test('[DELIVERY]: the meta description follows the page language', async ({ page }) => {
    await page.goto('/login');
    const description = page.locator('meta[name="description"]');
    await expect(description).toHaveAttribute('content', /终端数据防护管理平台：企业注册与充值/);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(description).toHaveAttribute(
      'content',
      /^EDP Endpoint Data Protection Console: company registration and recharge/,
    );
  });
});

// Without reduced motion, as most visitors come: the theme of those who ask for less motion
// (theme.ts) is another theme than the one made at build, and antd works it out in the browser.
test.describe('[DELIVERY] with motion', () => {
  test.use({ locale: 'zh-CN', reducedMotion: 'no-preference' });

  test("[DELIVERY]: antd's styles and the theme's variables come from the build, below the app's own, and plain links keep their underline", async ({
    page,
  }) => {
    await page.goto('/login');
    const submit = page.getByRole('button', { name: '登 录', exact: true });
    await expect(submit).toBeVisible();
    // The primary button is drawn by antd's CSS (the brand cyan, the theme's dark text on it)…
    await expect(submit).toHaveCSS('background-color', 'rgb(6, 182, 212)');
    await expect(submit).toHaveCSS('color', 'rgb(8, 51, 68)');
    const sheets = await page.evaluate(() => ({
      // …which no <style> the page made holds: antd wrote no CSS at all, neither its components'
      // nor the theme's CSS variables (`.edp-theme{--ant-…}`); index.html's layer order is the
      // one <style>.
      generated: document.querySelectorAll('style').length - 1,
      // It came in a style sheet of the build, in the layer `antd`.
      layered: Array.from(document.styleSheets).some(
        (sheet) =>
          sheet.href?.includes('/assets/') &&
          Array.from(sheet.cssRules).some(
            (rule) => rule instanceof CSSLayerBlockRule && rule.name === 'antd',
          ),
      ),
    }));
    expect(sheets).toEqual({ generated: 0, layered: true });
    // A link in the app's own text keeps the underline that antd takes from links inside its
    // components only.
    await expect(page.getByRole('link', { name: '立即注册' })).toHaveCSS(
      'text-decoration-line',
      'underline',
    );
  });
});
