import { axeViolations, seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { gotoHydrated, PUBLIC_PAGES, STAFF_PAGES } from './public-pages';

const publicPages = [
  ...PUBLIC_PAGES.map((page) => page.path),
  '/no/such/page',
  '/download-link?problem=expired&from=%2Fcornerstone%2Fpibs',
];
const pages = [...publicPages, ...STAFF_PAGES.map((page) => page.path)];

// One visit per page: the audit as it loads, then the same page narrowed to a phone's width
// (every route's first load at 360 px, with its data, is narrow-screens.spec.ts's).
for (const path of pages) {
  const publicPage = publicPages.includes(path);
  test(`${path} has no ${publicPage ? '' : 'serious or critical '}accessibility violation, and narrowed to 360 px it does not scroll sideways with its menu open`, async ({
    page,
    pageProblems,
  }) => {
    // The menu button works once the page has hydrated (its scripts load after the first paint).
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Public screens: no violation of any level, best practices included.
    expect(await (publicPage ? axeViolations(page) : seriousViolations(page))).toEqual([]);

    await page.setViewportSize({ width: 360, height: 740 });
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('button', { name: 'Cornerstone' })).toBeVisible();
    expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
    expect(pageProblems).toEqual([]);
  });
}

test('the open menu and an open dialog have no serious accessibility violation either', async ({ page }) => {
  await gotoHydrated(page, '/metallographics/px/firmware');
  await page.getByRole('button', { name: 'Metallographics' }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Which USB drive can I use?' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
