import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Serious or critical axe violations of the page as it stands, one line each. Every rule runs;
 * only the violations are gathered in full (axe's `resultTypes`): the passes' nodes, serialised
 * out of the page, were most of a scan's cost on a large list.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 120)}`).join(', ')}`,
    );
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
