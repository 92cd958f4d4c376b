import AxeBuilder from '@axe-core/playwright';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { acceptProblems, expect, holdAnswers, test } from './fixtures';
import { REPO_ROOT } from '../test-kit/portal-process';
import { gotoHydrated, gotoInitialized, layoutShift, recordLayoutShift } from './public-pages';

// The demo catalogue's latest firmware of each series (docs/demo-data.md): SPEC §5's name ('v' and
// the last three digits) and the version as the maker writes it (decision 137).
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
  expect(acceptProblems(pageProblems, (problem) => pattern.test(problem))).not.toEqual([]);
}

for (const series of SERIES) {
  test(`${series.shortName} firmware page: the latest link, named ${series.shown} and ${series.version}, downloads update.zip byte for byte`, async ({
    page,
    pageProblems,
  }) => {
    await open(page, series.path);
    const expected = await demoZip(series.shortName, series.version);
    const sha256 = createHash('sha256').update(expected).digest('hex');
    // A screen reader hears both names; the link's text holds SPEC §5's, the full version beside it.
    const link = page.getByRole('link', {
      name: `Download ${series.shortName} firmware ${series.shown} (${series.version})`,
      exact: true,
    });
    await expect(link).toBeVisible();
    await expect(link).toContainText(`Download ${series.shortName} firmware ${series.shown} `);
    const fullVersion = link.getByText(`(${series.version})`, { exact: true });
    await expect(fullVersion).toBeVisible();
    // Beside SPEC §5's name, inside the link's own box (a narrow screen wraps the words, not the version).
    const [linkBox, versionBox] = [await link.boundingBox(), await fullVersion.boundingBox()];
    expect(versionBox!.x).toBeGreaterThan(linkBox!.x);
    expect(versionBox!.x + versionBox!.width).toBeLessThanOrEqual(linkBox!.x + linkBox!.width);
    expect(versionBox!.y + versionBox!.height).toBeLessThanOrEqual(linkBox!.y + linkBox!.height);
    await expect(
      page.getByRole('heading', {
        name: `${series.shortName} firmware ${series.shown} (${series.version})`,
        exact: true,
      }),
    ).toBeVisible();
    const details = page.getByRole('region', { name: `Latest ${series.shortName} firmware` });
    await expect(details).toContainText(`Released${series.date}`);
    await expect(details).toContainText(`Size${expected.length} bytes`);
    await expect(details).toContainText(`SHA-256${sha256}`);

    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe('update.zip');
    expect(new URL(download.url()).pathname).toBe(`/firmware/${series.version}/update.zip`);
    const saved = await readFile((await download.path())!);
    expect(saved.equals(expected)).toBe(true);
    // The SHA-256 an instrument trusts: the signed metadata file's, for this very version.
    const metadata = (await (await page.request.get('/firmware/metadata.json')).json()) as {
      latestVersions: Record<string, string>;
      releases: Record<string, { version: string; sha256: string }>;
    };
    expect(metadata.latestVersions[series.shortName]).toBe(series.version);
    expect(metadata.releases[series.shortName]).toMatchObject({ version: series.version, sha256 });
    expect(createHash('sha256').update(saved).digest('hex')).toBe(sha256);

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

test('a version that is not three digits, three digits, three digits is named once, as written', async ({
  page,
  pageProblems,
}) => {
  const raw = '2.3.0-rc1';
  await page.route(METADATA, async (route) => {
    const metadata = await (await route.fetch()).json();
    metadata.latestVersions.PX = raw;
    metadata.releases.PX.version = raw;
    await route.fulfill({ json: metadata });
  });
  await open(page, '/metallographics/px/firmware');
  await expect(page.getByRole('link', { name: `Download PX firmware ${raw}`, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: `PX firmware ${raw}`, exact: true })).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText(`(${raw})`);
  expect(pageProblems).toEqual([]);
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
    await expect(
      page.getByRole('link', { name: 'Download PX firmware v010 (002.002.010)', exact: true }),
    ).toBeVisible();
    await page.waitForTimeout(300);
    expect(await layoutShift(page)).toBe(0);
    await page.screenshot({ path: `test-results/firmware-${width}.png`, fullPage: true });
    expect(pageProblems).toEqual([]);
  });
}

test('a help dialog opened before the firmware link arrives stays open, and keeps its focus, when the link fills in', async ({
  page,
  pageProblems,
}) => {
  const answer = await holdAnswers(page, METADATA);
  await gotoHydrated(page, '/metallographics/cx/firmware');
  await expect(page.getByText('Looking up the latest CX firmware…')).toBeVisible();
  await page.getByRole('button', { name: 'Where does the file go?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Where does the file go?' });
  const close = dialog.getByRole('button', { name: 'Close' });
  await close.focus();

  answer();
  await expect(page.getByText('Looking up the latest CX firmware…')).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(close).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Download CX firmware v004 (003.001.004)', exact: true })).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test.describe('what a lab needs to believe a firmware file', () => {
  test('the latest notes as text, how to check the file, and every earlier version with its notes and hash', async ({
    page,
    context,
    pageProblems,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await open(page, '/metallographics/mx/firmware');
    const latestZip = await demoZip('MX', '001.005.002');
    const latestSha = createHash('sha256').update(latestZip).digest('hex');
    const latest = page.getByRole('region', { name: 'MX firmware v002 (001.005.002)', exact: true });
    const notes = await readFile(
      path.join(REPO_ROOT, 'apps/api/demo-catalogue/firmware/mx/001.005.002/release-notes.txt'),
      'utf8',
    );
    await expect(latest).toContainText(notes.trim().split('\n')[0]!);
    const notesLink = latest.getByRole('link', { name: 'Release notes as a text file' });
    const served = await page.request.get((await notesLink.getAttribute('href'))!);
    expect(served.headers()['content-disposition']).toMatch(/^inline;/);
    expect(await served.text()).toBe(notes);

    // How to check this file: the commands of each system, and the value to compare, with a Copy button.
    await latest.getByText('How to check this file').click();
    for (const command of [
      'Get-FileHash -Algorithm SHA256 update.zip',
      'certutil -hashfile update.zip SHA256',
      'shasum -a 256 update.zip',
      'sha256sum update.zip',
    ]) {
      await expect(latest.getByText(command, { exact: true })).toBeVisible();
    }
    const copy = latest.getByRole('button', {
      name: 'Copy expected SHA-256 of MX firmware v002 (001.005.002)',
      exact: true,
    });
    await copy.click();
    await expect(copy).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(latestSha);

    // The earlier version is still published: its notes, its hash and a link that downloads it.
    const earlier = page.getByRole('region', { name: 'Earlier MX firmware' }).getByRole('listitem');
    await expect(earlier).toHaveCount(1);
    const earlierZip = await demoZip('MX', '001.004.000');
    await expect(earlier.getByRole('heading', { name: 'MX firmware v000 (001.004.000)', exact: true })).toBeVisible();
    await expect(earlier).toContainText(createHash('sha256').update(earlierZip).digest('hex'));
    await expect(earlier.getByRole('heading', { name: 'Release notes' })).toBeVisible();
    const download = earlier.getByRole('link', { name: 'Download MX firmware v000 (001.004.000)', exact: true });
    const fetched = await page.request.get((await download.getAttribute('href'))!);
    expect(Buffer.from(await fetched.body()).equals(earlierZip)).toBe(true);
    expect(pageProblems).toEqual([]);
  });

  test("a release's software bill of materials beside its firmware, with its size and SHA-256", async ({
    page,
    pageProblems,
  }) => {
    await open(page, '/metallographics/px/firmware');
    const sbom = await readFile(path.join(REPO_ROOT, 'apps/api/demo-catalogue/sboms/px-firmware-002.002.010.cdx.json'));
    const latest = page.getByRole('region', { name: 'PX firmware v010 (002.002.010)', exact: true });
    const link = latest.getByRole('link', {
      name: 'Software bill of materials (CycloneDX 1.6, 4 components) of PX firmware v010 (002.002.010)',
      exact: true,
    });
    await expect(link).toBeVisible();
    await expect(latest).toContainText('px-firmware-002.002.010.cdx.json');
    await expect(latest).toContainText(createHash('sha256').update(sbom).digest('hex'));
    await expect(latest.getByText(`${sbom.length.toLocaleString('en-US')} bytes`).first()).toBeAttached();
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(new URL(download.url()).pathname).toBe('/firmware/002.002.010/sbom.cdx.json');
    expect((await readFile((await download.path())!)).equals(sbom)).toBe(true);
    // The earlier PX release has none, and shows none.
    await expect(
      page.getByRole('region', { name: 'Earlier PX firmware' }).getByRole('link', { name: /bill of materials/ }),
    ).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('release notes with markup are shown as text and never run', async ({ page, pageProblems }) => {
    const hostile =
      'Fixes the lid sensor.\n<script>window.notesRan = true</script><img src=x onerror="window.notesRan = true">';
    await page.route(METADATA, async (route) => {
      const metadata = await (await route.fetch()).json();
      metadata.releases.CX.releaseNotes = hostile;
      await route.fulfill({ json: metadata });
    });
    await page.route('**/firmware/releases.json', async (route) => {
      const listing = await (await route.fetch()).json();
      for (const release of listing.releases) release.releaseNotes = hostile;
      await route.fulfill({ json: listing });
    });
    await open(page, '/metallographics/cx/firmware');
    const latest = page.getByRole('region', { name: 'CX firmware v004 (003.001.004)', exact: true });
    await expect(latest).toContainText('<script>window.notesRan = true</script>');
    await expect(page.getByRole('region', { name: 'Earlier CX firmware' })).toContainText('<img src=x onerror=');
    await expect(page.locator('main script, main img[src="x"]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { notesRan?: boolean }).notesRan)).toBeUndefined();
    expect(pageProblems).toEqual([]);
  });

  test('the same check is offered for an offline installer and a ChromaTOF download, with the file named', async ({
    page,
    pageProblems,
  }) => {
    await open(page, '/cornerstone/offline?registrationId=DEMO-CS-1001');
    const installer = page.getByRole('listitem').filter({ hasText: 'Cornerstone-2.10.0-Offline.zip' }).first();
    await installer.getByText('How to check this file').click();
    await expect(installer.getByText('Get-FileHash -Algorithm SHA256 Cornerstone-2.10.0-Offline.zip')).toBeVisible();
    await expect(installer.getByText('sha256sum Cornerstone-2.10.0-Offline.zip')).toBeVisible();

    await open(page, '/chromatof');
    await page.getByRole('textbox', { name: 'Key ID' }).fill('DEMO-KEY-2001');
    await page.getByRole('button', { name: 'Find downloads' }).click();
    const setup = page.getByRole('listitem').filter({ hasText: 'ChromaTOF-6.1.0-Setup.zip' }).first();
    await setup.getByText('How to check this file').click();
    await expect(setup.getByText('certutil -hashfile ChromaTOF-6.1.0-Setup.zip SHA256')).toBeVisible();
    await expect(setup.getByText('shasum -a 256 ChromaTOF-6.1.0-Setup.zip')).toBeVisible();
    expect(pageProblems).toEqual([]);
  });

  test('prints without the navigation, with each full SHA-256', async ({ page, pageProblems }) => {
    await open(page, '/metallographics/px/firmware');
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
    for (const version of ['002.002.010', '002.001.007']) {
      const sha = createHash('sha256')
        .update(await demoZip('PX', version))
        .digest('hex');
      await expect(page.getByText(sha, { exact: true }).first()).toBeVisible();
    }
    expect(pageProblems).toEqual([]);
  });
});
