import { expect, type Page } from '@playwright/test';

/**
 * Goes to `path` inside the app already open in `page`, as its own links do (the router hears the
 * history change), and waits until the new page's heading replaced the old one. A full load
 * (`page.goto`) parses and compiles the whole app again in the browser: the phone-size pages of
 * small-screens.spec.ts cost 128 s of CPU that way against 104 s this way. The first visit of a
 * page still loads it whole.
 */
export async function navigate(page: Page, path: string) {
  if (!page.url().startsWith('http')) {
    await page.goto(path);
    return;
  }
  const from = new URL(page.url());
  const to = new URL(path, from);
  if (from.pathname + from.search === to.pathname + to.search) return;
  const heading = page.locator('h1').first();
  // Another page has another heading; the same page with another query keeps its heading, and
  // the caller's next expectation waits for what the query changes.
  const before =
    from.pathname !== to.pathname && (await heading.count()) ? await heading.textContent() : null;
  await page.evaluate((url) => {
    history.pushState(null, '', url);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  if (before !== null) await expect(heading).not.toHaveText(before);
}
