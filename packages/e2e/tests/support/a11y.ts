import axe from 'axe-core';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical axe violations of the page as it stands, one line each. Every rule runs,
 * in the page itself: axe is put in a document once, at its first scan, and each scan is one
 * `axe.run`. (@axe-core/playwright's builder put axe in again at every scan and finished each
 * in a blank page of its own, about 2 s a scan here against 0.1-0.3 s for the run; the app has
 * no frames, which its way was for.) Only the violations are gathered in full (`resultTypes`):
 * the passes' nodes, serialised out of the page, were most of a scan's cost on a large list.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    // The page's own copy (this function runs in the page): the import's type, not its value.
    const inPage = (window as unknown as { axe: typeof axe }).axe;
    const { violations } = await inPage.run(document, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
      );
  });
}

/** No serious or critical axe violations once the page has loaded (no spinner, no skeleton). */
export async function expectAccessible(page: Page) {
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

/** A phone's viewport (390 px wide). */
export const PHONE = { width: 390, height: 844 };

/**
 * At 390 px the page does not scroll sideways and is accessible; then back to the width it had.
 * The menu folds away half a second after a resize: the width is polled until nothing sticks out.
 */
export async function expectFitsPhone(page: Page) {
  const wide = page.viewportSize()!;
  await page.setViewportSize(PHONE);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(PHONE.width);
  await expectAccessible(page);
  await page.setViewportSize(wide);
}
