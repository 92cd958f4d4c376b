import type { Page } from '@playwright/test';
import { acceptRefusedCredentials, expect, holdAnswers, test } from './fixtures';
import { gotoInitialized, layoutShift, recordLayoutShift } from './public-pages';

// Registration and key IDs of the demo catalogue (docs/demo-data.md), imported at start-up.
const CS = 'DEMO-CS-1001';
const ONH = 'DEMO-ONH-1002';
const DEMO = 'DEMO-DEMO-1004';
const KEY = 'DEMO-KEY-2001';

/** The results' own links: not their release notes, nor a security advisory's mark on an affected version. */
const resultLinks = (page: Page) => page.locator('main ul li a').filter({ hasNotText: /Release notes|^Affected by / });
/** A PDF's link as it reads: the ↗ icon and, for screen readers, that it opens in a new tab. */
const pdfLinks = (names: string[]) => names.map((name) => `${name}↗ (PDF, opens in a new tab)`);

const open = gotoInitialized;

test.describe('Offline Installer', () => {
  test('pre-fills the ID from the URL, searches at once and lists versions newest first', async ({
    page,
    pageProblems,
  }) => {
    await open(page, `/cornerstone/offline?registrationId=${CS}`);
    await expect(page.getByLabel('Registration ID')).toHaveValue(CS);
    // Each version's installer, and beside it its software bill of materials where it has one.
    await expect(resultLinks(page)).toHaveText([
      'Cornerstone 2.10.0',
      'Software bill of materials (CycloneDX 1.6, 4 components) of Cornerstone 2.10.0',
      'Cornerstone 2.8.1',
      'Software bill of materials (CycloneDX 1.6, 4 components) of Cornerstone 2.8.1',
      'Cornerstone 2.7.0',
      'Cornerstone 2.6.2',
    ]);
    await expect(page.getByRole('link', { name: /Configuration Editor/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'See all releases and PIBs' })).toHaveAttribute(
      'href',
      '/service/cornerstone/releases',
    );
    await expect(page).toHaveTitle(/^Offline Installer \| /);

    const download = await page.request.get((await resultLinks(page).first().getAttribute('href'))!);
    expect(download.status()).toBe(200);
    expect(download.headers()['content-disposition']).toContain('Cornerstone-2.10.0-Offline.zip');
    expect(pageProblems).toEqual([]);
  });

  test('shows a version without an installer as text, and the Configuration Editor only for Dev or Demo', async ({
    page,
    pageProblems,
  }) => {
    await open(page, '/cornerstone/offline');
    await page.getByLabel('Registration ID').fill(ONH);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page).toHaveURL(new RegExp(`registrationId=${ONH}$`));
    await expect(page.getByText('Cornerstone 2.9.0', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cornerstone 2.9.0', exact: true })).toHaveCount(0);

    await page.getByLabel('Registration ID').fill(DEMO);
    await page.getByRole('button', { name: 'Find' }).click();
    const editor = page.getByRole('link', { name: 'Download the Cornerstone Configuration Editor' });
    await expect(editor).toBeVisible();
    expect((await page.request.get((await editor.getAttribute('href'))!)).status()).toBe(200);
    expect(pageProblems).toEqual([]);
  });

  test('says "Invalid registration ID" for an unknown ID', async ({ page, pageProblems }) => {
    await open(page, '/cornerstone/offline?registrationId=NO-SUCH-ID');
    await expect(page.getByRole('alert')).toHaveText('Invalid registration ID');
    await expect(resultLinks(page)).toHaveCount(0);
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });

  test('a new search supersedes a slow one: only the latest result and busy state count', async ({
    page,
    pageProblems,
  }) => {
    let delayed = false;
    await page.route('**/v1/Cornerstone/versions', async (route) => {
      if (route.request().headers().authorization === `Hasp id=${ONH}` && !delayed) {
        delayed = true;
        await new Promise((resolve) => setTimeout(resolve, 2_000));
      }
      await route.continue().catch(() => {}); // the browser may have given up on it already
    });
    // The new search aborts the slow one: its answer can then never reach the page.
    const slowGivenUp = page.waitForEvent('requestfailed', {
      predicate: (request) => request.headers().authorization === `Hasp id=${ONH}`,
    });
    await open(page, '/cornerstone/offline');
    await page.getByLabel('Registration ID').fill(ONH);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('status')).toBeVisible();

    await page.getByLabel('Registration ID').fill(CS);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(resultLinks(page).first()).toHaveText('Cornerstone 2.10.0');
    await expect(page.getByRole('status')).toHaveCount(0);
    // Once the browser has given up on the slow answer, the superseded search changed nothing.
    await slowGivenUp;
    await expect(page.getByText('Cornerstone 2.9.0')).toHaveCount(0);
    await expect(resultLinks(page).first()).toHaveText('Cornerstone 2.10.0');
    await expect(page).toHaveURL(new RegExp(`registrationId=${CS}$`));
    expect(pageProblems).toEqual([]);
  });

  test('Back repeats the earlier search, field included', async ({ page, pageProblems }) => {
    await open(page, `/cornerstone/offline?registrationId=${CS}`);
    await expect(resultLinks(page).first()).toHaveText('Cornerstone 2.10.0');
    await page.getByLabel('Registration ID').fill(ONH);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByText('Cornerstone 2.9.0', { exact: true })).toBeVisible();
    await page.goBack();
    await expect(page.getByLabel('Registration ID')).toHaveValue(CS);
    await expect(resultLinks(page).first()).toHaveText('Cornerstone 2.10.0');
    expect(pageProblems).toEqual([]);
  });

  test("'Where is this?' explains where the registration ID is", async ({ page, pageProblems }) => {
    await open(page, '/cornerstone/offline');
    await page.getByRole('button', { name: 'Where is this?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Where is this?' });
    await expect(dialog).toContainText('About Box');
    await expect(dialog).toContainText('Copy Protection Key');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
    expect(pageProblems).toEqual([]);
  });
});

test.describe('PIBs', () => {
  test('groups several variants under headings, each newest first', async ({ page, pageProblems }) => {
    await open(page, `/cornerstone/pibs?registrationId=${CS}`);
    await expect(page.getByLabel('Registration ID')).toHaveValue(CS);
    const bulletins = page.getByRole('region', { name: 'Bulletins' });
    await expect(bulletins.getByRole('heading', { level: 3 })).toHaveText(['21 CFR Part 11', 'Standard']);
    await expect(
      page.getByRole('region', { name: 'Standard' }).getByRole('link', { name: /^Cornerstone / }),
    ).toHaveText(pdfLinks(['Cornerstone 2.10.0', 'Cornerstone 2.8.1', 'Cornerstone 2.7.0']));
    expect(pageProblems).toEqual([]);
  });

  test('shows one variant as a flat list', async ({ page, pageProblems }) => {
    await open(page, `/cornerstone/pibs?registrationId=${ONH}`);
    await expect(resultLinks(page)).toHaveText(
      pdfLinks(['Cornerstone 2.9.0', 'Cornerstone 2.8.1', 'Cornerstone 2.7.0']),
    );
    await expect(page.getByRole('region', { name: 'Bulletins' }).getByRole('heading', { level: 3 })).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('says "Invalid Registration ID" for an unknown ID', async ({ page, pageProblems }) => {
    await open(page, '/cornerstone/pibs?registrationId=NO-SUCH-ID');
    await expect(page.getByRole('alert')).toHaveText('Invalid Registration ID');
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF PIBs take the key ID and show only ChromaTOF', async ({ page, pageProblems }) => {
    await open(page, `/chromatof/pibs?registrationId=${KEY}`);
    await expect(page.getByLabel('Key ID')).toHaveValue(KEY);
    await expect(resultLinks(page)).toHaveText(pdfLinks(['ChromaTOF 6.1.0', 'ChromaTOF 6.0.2']));
    await page.getByRole('button', { name: 'Where is this?' }).click();
    await expect(page.getByRole('dialog', { name: 'Where is this?' })).toContainText('upper right');
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF PIBs say "Invalid key ID" for an unknown key ID', async ({ page, pageProblems }) => {
    await open(page, '/chromatof/pibs');
    await page.getByLabel('Key ID').fill(CS);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid key ID');
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });
});

test.describe('Declaration of Software Validation', () => {
  test('links "Cornerstone {version}" documents that open in a new tab', async ({ page, pageProblems }) => {
    await open(page, `/cornerstone/dsvs?registrationId=${CS}`);
    await expect(resultLinks(page)).toHaveText(
      pdfLinks(['Cornerstone 2.10.0', 'Cornerstone 2.8.1', 'Cornerstone 2.7.0']),
    );
    await expect(resultLinks(page).first()).toHaveAttribute('target', '_blank');
    const response = await page.request.get((await resultLinks(page).first().getAttribute('href'))!);
    expect(response.headers()['content-type']).toBe('application/pdf');
    expect(pageProblems).toEqual([]);
  });

  test('says "Invalid Registraion ID" (sic) for an unknown ID', async ({ page, pageProblems }) => {
    await open(page, '/cornerstone/dsvs?registrationId=NO-SUCH-ID');
    await expect(page.getByRole('alert')).toHaveText('Invalid Registraion ID');
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });
});

/** Holds the answers to the page's searches (an ID in the request) until the returned function is called. */
const holdSearchAnswers = (page: Page) =>
  holdAnswers(page, '**/v1/**', (request) => /^(Hasp|Rainbow) id=/.test(request.headers().authorization ?? ''));

test.describe('A link to a search', () => {
  const LOOKUPS = [
    ['Offline Installer', `/cornerstone/offline?registrationId=${CS}`, CS],
    ['PIBs', `/cornerstone/pibs?registrationId=${CS}`, CS],
    ['ChromaTOF PIBs', `/chromatof/pibs?registrationId=${KEY}`, KEY],
    ['DSVs', `/cornerstone/dsvs?registrationId=${CS}`, CS],
  ] as const;
  for (const [name, url, id] of LOOKUPS) {
    test(`${name}: what the visitor opened while the search ran stays open when its results come`, async ({
      page,
      pageProblems,
    }) => {
      // The search's answer waits until the visitor has opened the help.
      const answer = await holdSearchAnswers(page);
      await page.goto(url);
      const dialog = page.getByRole('dialog', { name: 'Where is this?' });
      // Until the page has hydrated the button does nothing: clicked again until the help opens.
      await expect(async () => {
        await page.getByRole('button', { name: 'Where is this?' }).click();
        await expect(dialog).toBeVisible({ timeout: 250 });
      }).toPass();
      answer();
      // The results came (the modal help makes the rest of the page inert, so found by CSS).
      await expect(page.locator('form[role="search"] input')).toHaveValue(id);
      await expect(page.locator('main ul li a').first()).toBeAttached();
      await expect(dialog).toBeVisible();
      expect(pageProblems).toEqual([]);
    });
  }

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 412, height: 823 } });
    for (const [name, url] of LOOKUPS) {
      test(`${name}: the page shows the search under way and does not move when its results come`, async ({
        page,
        pageProblems,
      }) => {
        const answer = await holdSearchAnswers(page);
        await recordLayoutShift(page);
        await page.goto(url);
        // From the first paint, the busy loader where the results will come, and the help below the screen.
        await expect(page.getByRole('status')).toHaveText('Searching…');
        await expect(page.getByRole('complementary', { name: 'Need help?' })).not.toBeInViewport();
        answer();
        await expect(page.locator('main ul li a').first()).toBeVisible();
        await expect(page.getByRole('status')).toHaveCount(0);
        await expect(page.getByRole('complementary', { name: 'Need help?' })).toBeAttached();
        expect(await layoutShift(page)).toBe(0);
        expect(pageProblems).toEqual([]);
      });
    }
  });
});
