import type { Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { seriousViolations } from './axe';
import { acceptProblems, acceptRefusedCredentials, answeredWith, expect, test } from './fixtures';
import { gotoHydrated } from './public-pages';
import { REPO_ROOT } from '../test-kit/portal-process';

// Key IDs of the demo catalogue (docs/demo-data.md), imported at start-up.
const KEY = 'DEMO-KEY-2001';
const NOTHING = 'DEMO-KEY-2002';
const TILE = 'DEMO-KEY-2004';
const DEMO_FILES = path.join(REPO_ROOT, 'apps/api/demo-catalogue/chromatof');

const downloads = (page: Page) => page.getByRole('list', { name: 'Downloads' }).getByRole('listitem');

async function find(page: Page, keyId: string) {
  await page.getByRole('textbox', { name: 'Key ID' }).fill(keyId);
  await page.getByRole('button', { name: 'Find downloads' }).click();
}

test.describe('ChromaTOF downloads by key ID', () => {
  test('lists the downloads of a key ID newest first, each downloading the very file published', async ({
    page,
    context,
    pageProblems,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoHydrated(page, '/chromatof');
    await find(page, `  ${KEY}  `);
    // The manuals are PDFs: they open in the browser's viewer in a new tab, and say so.
    await expect(downloads(page).getByRole('link')).toHaveText([
      'ChromaTOF 6.1.0 User Manual↗ (PDF, opens in a new tab)',
      // The release's software bill of materials (docs/sbom.md), among its downloads.
      'ChromaTOF 6.1.0 Software bill of materials (CycloneDX 1.6, 4 components)',
      'ChromaTOF 6.1.0 Release Notes',
      'ChromaTOF 6.1.0 Installer',
      'ChromaTOF 6.0.2 User Manual↗ (PDF, opens in a new tab)',
      'ChromaTOF 6.0.2 Release Notes',
      'ChromaTOF 6.0.2 Installer',
    ]);
    // The key ID is a credential: it stays out of the address.
    expect(page.url()).not.toContain(KEY);

    const published = await readFile(path.join(DEMO_FILES, 'ChromaTOF-6.1.0-Setup.zip'));
    const sha256 = createHash('sha256').update(published).digest('hex');
    const installer = downloads(page).filter({ hasText: 'ChromaTOF 6.1.0 Installer' });
    await expect(installer).toContainText(`${published.length} bytes`);
    await expect(installer.getByRole('code').or(installer.locator('code'))).toHaveText(sha256);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      installer.getByRole('link', { name: 'ChromaTOF 6.1.0 Installer' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('ChromaTOF-6.1.0-Setup.zip');
    expect(await readFile((await download.path())!)).toEqual(published);

    await installer.getByRole('button', { name: 'Copy SHA-256 of ChromaTOF 6.1.0 Installer' }).click();
    await expect(installer.getByRole('button', { name: 'Copy SHA-256 of ChromaTOF 6.1.0 Installer' })).toHaveText(
      'Copied',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sha256);

    // From the top: scrolled down to the list, the field sits under the sticky header, which
    // axe's target-size rule counts as an obscured target wherever a page has one.
    await page.evaluate(() => window.scrollTo(0, 0));
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  test('says "Incorrect key" for an unknown key ID, and asks for a key ID left blank', async ({
    page,
    pageProblems,
  }) => {
    await gotoHydrated(page, '/chromatof');
    await find(page, '   ');
    await expect(page.getByText('Please enter your key ID.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Key ID' })).toBeFocused();

    await find(page, 'NO-SUCH-KEY');
    await expect(page.getByRole('alert')).toHaveText('Incorrect key');
    await expect(page.getByText('Please enter your key ID.')).toHaveCount(0);
    await expect(downloads(page)).toHaveCount(0);
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });

  test('says so when a key ID has nothing to download; a new search clears the earlier result', async ({
    page,
    pageProblems,
  }) => {
    await gotoHydrated(page, '/chromatof');
    await find(page, KEY);
    // Six files and the software bill of materials of ChromaTOF 6.1.0.
    await expect(downloads(page)).toHaveCount(7);
    await find(page, NOTHING);
    await expect(page.getByText('No downloads are available for this key')).toBeVisible();
    await expect(downloads(page)).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('a new submit supersedes a slow one: its result never shows', async ({ page, pageProblems }) => {
    let delayed = false;
    await page.route('**/v1/chromatof/downloads', async (route) => {
      if (route.request().headers().authorization === `Rainbow ${TILE}` && !delayed) {
        delayed = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue().catch(() => {}); // the browser may have given up on it already
    });
    // The new submit aborts the slow one: its answer can then never reach the page.
    const slowGivenUp = page.waitForEvent('requestfailed', {
      predicate: (request) => request.headers().authorization === `Rainbow ${TILE}`,
    });
    await gotoHydrated(page, '/chromatof');
    await find(page, TILE);
    await expect(page.getByText('Finding ChromaTOF for you...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Find downloads' })).toBeDisabled();

    // The button is disabled while working; Enter in the field submits anew.
    await page.getByRole('textbox', { name: 'Key ID' }).fill(KEY);
    await page.getByRole('textbox', { name: 'Key ID' }).press('Enter');
    await expect(downloads(page).first()).toHaveText(/^ChromaTOF 6\.1\.0 User Manual/);
    await expect(page.getByText('Finding ChromaTOF for you...')).toHaveCount(0);
    // Once the browser has given up on the slow answer, the superseded search changed nothing.
    await slowGivenUp;
    await expect(page.getByText(/ChromaTOF Tile/)).toHaveCount(0);
    await expect(downloads(page)).toHaveCount(7);
    expect(pageProblems).toEqual([]);
  });
});

const RELEASES = '/service/chromatof/releases';

test('ChromaTOF Releases: staff see the latest release of each product with check marks; sign-out clears it at once', async ({
  staffPage: page,
  pageProblems,
}) => {
  await page.goto(RELEASES);
  const table = page.getByRole('table', { name: 'The latest release of each ChromaTOF product' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Product',
    'Released',
    'Version',
    'Installer',
    'Manual',
    'Release notes',
  ]);
  const chromatof = table.getByRole('row', { name: /^ChromaTOF 2025-04-08 6\.1\.0/ });
  const tile = table.getByRole('row', { name: /^ChromaTOF Tile 2025-01-21 2\.1\.0/ });
  await expect(chromatof.getByRole('img', { name: 'Yes' })).toHaveCount(3);
  await expect(tile.getByRole('img', { name: 'Yes' })).toHaveCount(2);
  await expect(tile.getByRole('cell')).toHaveText(['2025-01-21', '2.1.0', '✓', '', '✓']);
  await expect(table.getByRole('rowheader')).toHaveText(['ChromaTOF', 'ChromaTOF Tile']);
  expect(await seriousViolations(page)).toEqual([]);
  // At 360 px the table scrolls sideways within its own region, which fits the screen.
  await page.setViewportSize({ width: 360, height: 740 });
  const region = page.getByRole('region', { name: 'The latest release of each ChromaTOF product' });
  expect(
    await region.evaluate((element) => ({
      fits: element.getBoundingClientRect().right <= 360,
      scrolls: element.scrollWidth > element.clientWidth,
    })),
  ).toEqual({ fits: true, scrolls: true });
  expect(await seriousViolations(page)).toEqual([]);

  // At this width the account button is in the menu.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: /@/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(table).toHaveCount(0);
  await expect(page.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test('ChromaTOF Releases: an HTTP error shows its message in a warning alert; a 401 ends the sign-in', async ({
  staffPage: page,
  pageProblems,
}) => {
  await page.goto(RELEASES);
  const answer = (status: number, message: string) =>
    page.route('**/v1/chromatof/latestversions', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ message }) }),
    );
  await answer(503, 'The catalogue is being updated.');
  await page.reload();
  await expect(page.getByRole('alert')).toHaveText('The catalogue is being updated.');
  await expect(page.getByRole('table')).toHaveCount(0);

  await page.unrouteAll();
  await answer(401, 'Sign in to use this.');
  await page.reload();
  await expect(page.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();

  // Chromium logs both answers as console errors; they are what this test asked for.
  expect(acceptProblems(pageProblems, answeredWith(503, 401))).toHaveLength(2);
});
