import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from './fixtures';
import { REPO_ROOT } from '../test-kit/portal-process';
import { gotoInitialized, layoutShift, recordLayoutShift } from './public-pages';

// The demo catalogue's latest firmware of each series (docs/demo-data.md).
const SERIES = [
  {
    path: '/metallographics/mx/firmware',
    shortName: 'MX',
    version: '001.005.002',
    shown: 'v002',
    date: 'Feb 18, 2025',
  },
  {
    path: '/metallographics/px/firmware',
    shortName: 'PX',
    version: '002.002.010',
    shown: 'v010',
    date: 'Apr 22, 2025',
  },
  { path: '/metallographics/cx/firmware', shortName: 'CX', version: '003.001.004', shown: 'v004', date: 'May 6, 2025' },
];
const METADATA = '**/firmware/metadata.json';

const demoZip = (shortName: string, version: string) =>
  readFile(path.join(REPO_ROOT, 'apps/api/demo-catalogue/firmware', shortName.toLowerCase(), version, 'update.zip'));

const open = gotoInitialized;

/** Chromium logs a failed fetch as a console error: the failures these tests cause, and only those, are expected. */
function acceptFailedMetadataFetch(pageProblems: string[], pattern: RegExp) {
  const expected = pageProblems.filter((problem) => pattern.test(problem));
  expect(expected.length).toBeGreaterThan(0);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !expected.includes(problem)));
}

for (const series of SERIES) {
  test(`${series.shortName} firmware page: the latest link downloads update.zip byte for byte`, async ({
    page,
    pageProblems,
  }) => {
    await open(page, series.path);
    const expected = await demoZip(series.shortName, series.version);
    const sha256 = createHash('sha256').update(expected).digest('hex');
    const link = page.getByRole('link', { name: `Download ${series.shortName} firmware ${series.shown}` });
    await expect(link).toBeVisible();
    const details = page.getByRole('region', { name: `Latest ${series.shortName} firmware` });
    await expect(details).toContainText(`Released${series.date}`);
    await expect(details).toContainText(`Size${expected.length} bytes`);
    await expect(details).toContainText(`SHA-256${sha256}`);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('update.zip');
    expect(new URL(download.url()).pathname).toBe(`/firmware/${series.version}/update.zip`);
    const saved = await readFile((await download.path())!);
    expect(saved.equals(expected)).toBe(true);

    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    // The update instructions and their help stay.
    await page.getByRole('button', { name: 'Where does the file go?' }).click();
    await expect(page.getByRole('dialog')).toContainText('update.zip');
    expect(pageProblems).toEqual([]);
  });
}

test.describe('with the metadata unreachable', () => {
  test('a server error shows its status code', async ({ page, pageProblems }) => {
    await page.route(METADATA, (route) => route.fulfill({ status: 503, body: 'down for maintenance' }));
    await open(page, '/metallographics/mx/firmware');
    await expect(page.getByRole('alert')).toHaveText("Couldn't contact the server. (HTTP status code 503)");
    await expect(page.getByRole('link', { name: /Download MX firmware/ })).toHaveCount(0);
    acceptFailedMetadataFetch(pageProblems, /status of 503/);
  });

  test('no answer at all shows status code 0', async ({ page, pageProblems }) => {
    await page.route(METADATA, (route) => route.abort('connectionrefused'));
    await open(page, '/metallographics/px/firmware');
    await expect(page.getByRole('alert')).toHaveText("Couldn't contact the server. (HTTP status code 0)");
    acceptFailedMetadataFetch(pageProblems, /ERR_CONNECTION_REFUSED/);
  });

  test('an answer that is no metadata file is an unrecognized error', async ({ page, pageProblems }) => {
    await page.route(METADATA, (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '<html>captive portal</html>' }),
    );
    await open(page, '/metallographics/cx/firmware');
    await expect(page.getByRole('alert')).toHaveText('An unrecognized error happened');
    expect(pageProblems).toEqual([]);
  });

  test('a metadata file without this instrument lists the valid ones', async ({ page, pageProblems }) => {
    await page.route(METADATA, (route) =>
      route.fulfill({ status: 200, json: { latestVersions: { PX: '002.002.010', CX: '003.001.004' } } }),
    );
    await open(page, '/metallographics/mx/firmware');
    await expect(page.getByRole('alert')).toHaveText('There is no firmware for MX. Firmware is available for: CX, PX.');
    expect(pageProblems).toEqual([]);
  });
});

for (const width of [360, 1440]) {
  test(`the firmware link fills in without moving the page at ${width} px`, async ({ page, pageProblems }) => {
    await page.setViewportSize({ width, height: 900 });
    // Late enough that the prerendered page has been painted before the link arrives.
    await page.route(METADATA, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await recordLayoutShift(page);
    await page.goto('/metallographics/px/firmware');
    await expect(page.getByText('Looking up the latest PX firmware…')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download PX firmware v010' })).toBeVisible();
    await page.waitForTimeout(300);
    expect(await layoutShift(page)).toBe(0);
    await page.screenshot({ path: `test-results/firmware-${width}.png`, fullPage: true });
    expect(pageProblems).toEqual([]);
  });
}
