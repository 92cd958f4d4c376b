import type { Locator, Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { acceptProblems, answeredWith, expect, signOut, test } from './fixtures';
import { wholeChromium } from '../test-kit/chromium';

// The whole browser: a PIB opens in its PDF viewer, which the headless shell lacks.
test.use(wholeChromium());

const RELEASES_PATH = '/service/cornerstone/releases';
const PRODUCTS_OPTIONS_PATH = '/service/cornerstone/products-options';
const SWITCH = 'Only show versions with software downloads';
const SIGN_IN_HEADING = "You'll need to sign in";

/** Screenshots at a phone's and a desktop's width, for a person to look at (test-results/screens). */
async function screenshots(page: Page, name: string) {
  for (const width of [360, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${width}.png`, fullPage: true });
  }
}

const columnHeaders = (table: Locator) => table.getByRole('columnheader');
const rowHeaders = (table: Locator) => table.getByRole('rowheader');

test('Releases & PIBs: the matrix by family, the downloads switch both ways, a PIB download, and sign out clears it', async ({
  staffPage: page,
  staffEmail: email,
  pageProblems,
}) => {
  await page.goto(RELEASES_PATH);
  const matrix = page.getByRole('table', { name: 'Cornerstone versions by family' });
  const toggle = page.getByRole('switch', { name: SWITCH });

  await expect(toggle).toBeChecked();
  await expect(columnHeaders(matrix)).toHaveText(['Version', 'CS', 'Demo', 'ONH', 'TGA', 'PIBs', 'Release date']);
  await expect(rowHeaders(matrix)).toHaveText(['2.10.0', '2.8.1', '2.7.0', '2.6.2']);
  const newest = matrix.getByRole('row', { name: /^2\.10\.0/ });
  await expect(newest.getByRole('cell')).toHaveText([
    'available',
    'available',
    '',
    'available',
    'PIB of Cornerstone 2.10.0, 21 CFR Part 11↗ (PDF, opens in a new tab)PIB of Cornerstone 2.10.0, Standard↗ (PDF, opens in a new tab)',
    'May 20, 2025',
  ]);
  await expect(newest.getByRole('cell', { name: 'available' }).first().locator('svg')).toHaveAttribute(
    'aria-hidden',
    'true',
  );
  await expect(page.getByText('The version is available to the family.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The PIB icon opens the PIB of that version and variant in the browser's viewer, in a new tab.
  const [tab] = await Promise.all([
    page.context().waitForEvent('page'),
    matrix.getByRole('link', { name: 'PIB of Cornerstone 2.10.0, 21 CFR Part 11 (PDF, opens in a new tab)' }).click(),
  ]);
  await tab.waitForLoadState('load');
  expect(new URL(tab.url()).pathname).toMatch(/\/Cornerstone-2\.10\.0-p11-PIB\.pdf$/);
  expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
  await tab.close();

  // Off: the version with PIBs but no installer joins; a navigation, so reload and Back keep the choice.
  await toggle.click();
  await expect(page).toHaveURL(/onlyWithDownloads=false/);
  await expect(toggle).not.toBeChecked();
  await expect(rowHeaders(matrix)).toHaveText(['2.10.0', '2.9.0', '2.8.1', '2.7.0', '2.6.2']);
  await expect(matrix.getByRole('row', { name: /^2\.9\.0/ }).getByRole('cell')).toHaveText([
    '',
    '',
    'available',
    '',
    'PIB of Cornerstone 2.9.0, Standard↗ (PDF, opens in a new tab)',
    'Oct 1, 2024',
  ]);
  await page.reload();
  await expect(page.getByRole('switch', { name: SWITCH })).not.toBeChecked();
  await expect(rowHeaders(matrix)).toHaveText(['2.10.0', '2.9.0', '2.8.1', '2.7.0', '2.6.2']);
  await expect(matrix.getByText('Dev', { exact: true })).toHaveCount(0);
  await expect(matrix.getByText('2.11.0-beta')).toHaveCount(0);
  await screenshots(page, 'releases');

  // Narrow: the table scrolls sideways in its own region while the version column stays in view.
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  const region = page.getByRole('region', { name: 'Cornerstone versions by family' });
  await region.focus();
  for (let press = 0; press < 5; press++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  const regionBox = (await region.boundingBox())!;
  const versionBox = (await matrix.getByRole('rowheader', { name: '2.9.0' }).boundingBox())!;
  expect(Math.abs(versionBox.x - regionBox.x)).toBeLessThanOrEqual(2);
  await page.setViewportSize({ width: 1440, height: 900 });

  await page.goBack();
  await expect(page.getByRole('switch', { name: SWITCH })).toBeChecked();
  await expect(rowHeaders(matrix)).toHaveText(['2.10.0', '2.8.1', '2.7.0', '2.6.2']);

  // The keyboard works the switch too.
  await page.getByRole('switch', { name: SWITCH }).focus();
  await page.keyboard.press('Space');
  await expect(rowHeaders(matrix)).toHaveText(['2.10.0', '2.9.0', '2.8.1', '2.7.0', '2.6.2']);

  await signOut(page, email);
  await expect(matrix).toBeHidden();
  await expect(page.getByRole('switch', { name: SWITCH })).toBeHidden();
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('Products & Options: a family per choice, kept in the URL; the filter; sign out clears it', async ({
  staffPage: page,
  staffEmail: email,
  pageProblems,
}) => {
  await page.goto(PRODUCTS_OPTIONS_PATH);
  const family = page.getByRole('combobox', { name: 'Family' });
  const versionHeadings = page.getByRole('heading', { level: 2, name: /^Cornerstone .* Configurations$/ });

  await expect(family).toHaveValue('CS');
  await expect(family.getByRole('option')).toHaveText(['CS', 'ONH', 'TGA']);
  await expect(versionHeadings).toHaveText(['Cornerstone 2.10.0 Configurations', 'Cornerstone 2.8.1 Configurations']);
  const cs2100 = page.getByRole('table', { name: 'Cornerstone 2.10.0 Configurations' });
  await expect(columnHeaders(cs2100)).toHaveText([
    'Product',
    'Analytes',
    'Packages',
    'Default Features',
    'Optional Features',
  ]);
  const cs844 = cs2100.getByRole('row', { name: /^CS844/ });
  await expect(cs844.getByRole('cell').nth(1)).toHaveText(
    'Steel and iron application packageCement and minerals application package',
  );
  await expect(cs844.getByRole('cell').nth(2)).toContainText('Statistical process control charts');
  await expect(cs844.getByRole('cell').nth(2)).toContainText('Maximum sample mass: 1.0g');
  await expect(cs844.getByRole('cell').nth(3)).toContainText('Report designer (expirable)');
  expect(await seriousViolations(page)).toEqual([]);
  await screenshots(page, 'products-options');
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Another family: other tables; the choice is in the URL and survives a reload.
  await family.selectOption('TGA');
  await expect(page).toHaveURL(/family=TGA/);
  await expect(versionHeadings).toHaveText(['Cornerstone 2.10.0 Configurations', 'Cornerstone 2.7.0 Configurations']);
  const tga2100 = page.getByRole('table', { name: 'Cornerstone 2.10.0 Configurations' });
  await expect(columnHeaders(tga2100)).toHaveText(['Product', 'Packages', 'Default Features', 'Optional Features']);
  // An option code without a description shows as its code.
  await expect(tga2100.getByRole('row', { name: /^TGA801/ })).toContainText('CRUCIBLE-19');
  // 2.7.0 has neither analytes nor packages: no such columns there.
  await expect(columnHeaders(page.getByRole('table', { name: 'Cornerstone 2.7.0 Configurations' }))).toHaveText([
    'Product',
    'Default Features',
    'Optional Features',
  ]);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Family' })).toHaveValue('TGA');
  await expect(versionHeadings).toHaveText(['Cornerstone 2.10.0 Configurations', 'Cornerstone 2.7.0 Configurations']);

  // The filter narrows the shown tables by product and by what the options mean; in the URL too.
  const filter = page.getByRole('searchbox', { name: 'Filter products and features' });
  await filter.fill('balance');
  await expect(page).toHaveURL(/filter=balance/);
  await expect(versionHeadings).toHaveText(['Cornerstone 2.10.0 Configurations']);
  await expect(rowHeaders(tga2100)).toHaveText(['TGA701', 'TGA801']);
  await filter.fill('TGA801');
  await expect(rowHeaders(tga2100)).toHaveText(['TGA801']);
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Filter products and features' })).toHaveValue('TGA801');
  await expect(rowHeaders(tga2100)).toHaveText(['TGA801']);
  await filter.fill('no such thing');
  await expect(page.getByRole('status').filter({ hasText: 'No products of TGA match' })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole('combobox', { name: 'Family' })).toHaveValue('CS');

  await signOut(page, email);
  await expect(versionHeadings).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Family' })).toBeHidden();
  await expect(page.getByRole('heading', { name: SIGN_IN_HEADING })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('a staff screen shows an HTTP error in a warning, and a fault of ours as the internal problem', async ({
  staffPage: page,
  pageProblems,
}) => {
  await page.goto(PRODUCTS_OPTIONS_PATH);
  await page.route('**/v1/products/cornerstone/options', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: '{"message":"The catalogue is being updated."}',
    }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('The catalogue is being updated.');

  // Not JSON where JSON was promised: no HTTP error, a fault of ours.
  await page.route('**/v1/products/cornerstone/options', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: '{' }),
  );
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText(
    'There was an internal problem. This issue has been reported automatically.',
  );
  // Chromium logs the 503 it was given, and the reported exception.
  const reported = (problem: string) => answeredWith(503)(problem) || problem.startsWith('uncaught: ');
  expect(acceptProblems(pageProblems, reported)).toEqual([
    expect.stringContaining('status of 503'),
    expect.stringMatching(/^uncaught: .*JSON/),
  ]);
});
