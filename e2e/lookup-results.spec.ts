import type { Locator, Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { seriousViolations } from './axe';
import { acceptRefusedCredentials, expect, test } from './fixtures';
import { E2E_MAKER_NAME } from './global-setup';
import { REPO_ROOT, removeDataDir, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { gotoHydrated, gotoInitialized } from './public-pages';

// Registration and key IDs of the demo catalogue (docs/demo-data.md), imported at start-up.
const CS = 'DEMO-CS-1001';
const ONH = 'DEMO-ONH-1002';
const KEY = 'DEMO-KEY-2001';
const DEMO_FILES = path.join(REPO_ROOT, 'apps/api/demo-catalogue');

async function published(relative: string) {
  const bytes = await readFile(path.join(DEMO_FILES, relative));
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** What a PDF's link adds to its name: it opens in a new tab (FileLink). */
const NEW_TAB = ' (PDF, opens in a new tab)';

/** The link of a result called `name`, a PDF's with what it adds. */
function resultLink(scope: Page | Locator, name: string) {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByRole('link', { name: new RegExp(`^${escaped}(${NEW_TAB.replace(/[()]/g, '\\$&')})?$`) });
}

/** The result of a lookup that is called `name` (its link's text), on the page or in a part of it. */
function result(scope: Page | Locator, name: string) {
  // `has` is matched inside each list item: a locator from the page, not from the scope.
  const page = 'goto' in scope ? scope : scope.page();
  return scope
    .getByRole('listitem')
    .filter({ has: resultLink(page, name) })
    .first();
}

/** The file facts of a result, as a person reads them: 'File: …', 'Type: …', … */
async function facts(item: Locator) {
  await item.locator('dl').first().waitFor();
  const terms = await item.locator('dl').first().locator('dt').allInnerTexts();
  const values = await item.locator('dl').first().locator('dd').allInnerTexts();
  return Object.fromEntries(terms.map((term, index) => [term.replace(/:$/, ''), values[index]!.trim()]));
}

/** Screenshots at a phone's, a tablet's and a desktop's width (test-results/screens), none wider than the screen. */
async function screenshots(page: Page, name: string) {
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow of ${name} at ${width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screens/lookup-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test.describe('what each download is', () => {
  test('offline installers: file, type, size, date and SHA-256, Latest on the newest, release notes where published', async ({
    page,
    context,
    pageProblems,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoInitialized(page, `/cornerstone/offline?registrationId=${CS}`);
    const newest = result(page, 'Cornerstone 2.10.0');
    const installer = await published('installers/Cornerstone-2.10.0-Offline.zip');
    expect(await facts(newest)).toEqual({
      File: 'Cornerstone-2.10.0-Offline.zip',
      Type: 'Installer (ZIP)',
      Size: expect.stringMatching(/^\d[\d.,]* (bytes|kB|MB)/),
      Released: 'May 20, 2025',
    });
    await expect(newest.locator('data').first()).toHaveAttribute(
      'title',
      `${installer.bytes.length.toLocaleString('en-US')} bytes`,
    );
    await expect(newest.locator('code').first()).toHaveText(installer.sha256);

    // 'Latest' marks the newest version only.
    await expect(page.getByText('Latest', { exact: true })).toHaveCount(1);
    await expect(newest.getByText('Latest', { exact: true })).toBeVisible();

    await newest.getByRole('button', { name: 'Copy SHA-256 of Cornerstone 2.10.0', exact: true }).click();
    await expect(newest.getByRole('button', { name: 'Copy SHA-256 of Cornerstone 2.10.0', exact: true })).toHaveText(
      'Copied',
    );
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(installer.sha256);

    // Release notes where published (2.10.0, 2.8.1), none for 2.7.0 and 2.6.2.
    const notes = await published('release-notes/Cornerstone-2.10.0-Release-Notes.txt');
    const notesLink = newest.getByRole('link', { name: 'Release notes of Cornerstone 2.10.0' });
    await expect(notesLink).toBeVisible();
    const delivered = await page.request.get((await notesLink.getAttribute('href'))!);
    expect(delivered.status()).toBe(200);
    expect(Buffer.from(await delivered.body())).toEqual(notes.bytes);
    await expect(newest.locator('code').nth(1)).toHaveText(notes.sha256);
    await expect(page.getByRole('link', { name: /^Release notes of / })).toHaveText([
      'Release notes of Cornerstone 2.10.0',
      'Release notes of Cornerstone 2.8.1',
    ]);
    await expect(result(page, 'Cornerstone 2.7.0').getByRole('link', { name: /Release notes/ })).toHaveCount(0);

    // Every link here is signed for this registration: none is offered for copying.
    await expect(page.getByRole('button', { name: /Copy link/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'offline');
    expect(pageProblems).toEqual([]);
  });

  test('a version without an installer says so, and still links its release notes', async ({ page, pageProblems }) => {
    await gotoInitialized(page, `/cornerstone/offline?registrationId=${ONH}`);
    const item = page.getByRole('listitem').filter({ hasText: 'Cornerstone 2.9.0' }).first();
    await expect(item).toContainText('No offline installer');
    await expect(item.getByRole('link', { name: 'Release notes of Cornerstone 2.9.0' })).toBeVisible();
    // Latest is the newest version that has an installer.
    await expect(result(page, 'Cornerstone 2.8.1').getByText('Latest', { exact: true })).toBeVisible();
    await expect(page.getByText('Latest', { exact: true })).toHaveCount(1);
    expect(pageProblems).toEqual([]);
  });

  test('PIBs: document number, title, revision and effective date, PDF details, the release date the maker states, and the release notes of the same version in every variant', async ({
    page,
    context,
    pageProblems,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoInitialized(page, `/cornerstone/pibs?registrationId=${CS}`);
    const part11 = page.getByRole('region', { name: '21 CFR Part 11' });
    const pib = result(part11, 'Cornerstone 2.10.0');
    const file = await published('pibs/Cornerstone-2.10.0-p11-PIB.pdf');
    // The manifest's fields and dates; the day the file was imported is for staff only.
    expect(await facts(pib)).toEqual({
      Document: 'PIB-CS-0210-P11',
      Title: 'Cornerstone 2.10.0 21 CFR Part 11 Product Information Bulletin',
      Revision: 'A.1',
      Effective: 'Jun 2, 2025',
      File: 'Cornerstone-2.10.0-p11-PIB.pdf',
      Type: 'PDF',
      Size: expect.any(String),
      Released: 'May 20, 2025',
    });
    // A PIB the manifest gives no document fields shows none.
    expect(await facts(result(page.getByRole('region', { name: 'Standard' }), 'Cornerstone 2.7.0'))).toEqual({
      File: 'Cornerstone-2.7.0-std-PIB.pdf',
      Type: 'PDF',
      Size: expect.any(String),
      Released: 'Nov 7, 2023',
    });
    await pib.getByRole('button', { name: 'Copy SHA-256 of Cornerstone 2.10.0', exact: true }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file.sha256);
    await expect(pib.getByRole('link', { name: `Cornerstone 2.10.0${NEW_TAB}`, exact: true })).toHaveAttribute(
      'target',
      '_blank',
    );
    await expect(page.getByRole('link', { name: 'Release notes of Cornerstone 2.10.0' })).toHaveCount(2);
    await expect(page.getByRole('link', { name: 'Release notes of Cornerstone 2.7.0' })).toHaveCount(0);
    // PIBs are documents, not installers: no Latest badge.
    await expect(page.getByText('Latest', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Copy link/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'pibs');
    expect(pageProblems).toEqual([]);
  });

  test('the day a file was imported is shown to signed-in staff only, as Imported', async ({
    staffPage,
    pageProblems,
  }) => {
    await gotoInitialized(staffPage, `/cornerstone/pibs?registrationId=${CS}`);
    const pib = result(staffPage.getByRole('region', { name: 'Standard' }), 'Cornerstone 2.7.0');
    expect(await facts(pib)).toEqual({
      File: 'Cornerstone-2.7.0-std-PIB.pdf',
      Type: 'PDF',
      Size: expect.any(String),
      Released: 'Nov 7, 2023',
      Imported: expect.stringMatching(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/),
    });
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF PIBs link the release notes published for their version', async ({ page, pageProblems }) => {
    await gotoInitialized(page, `/chromatof/pibs?registrationId=${KEY}`);
    await expect(page.getByRole('link', { name: /^Release notes of / })).toHaveText([
      'Release notes of ChromaTOF 6.1.0',
    ]);
    expect((await facts(result(page, 'ChromaTOF 6.0.2'))).File).toBe('ChromaTOF-6.0.2-PIB.pdf');
    await screenshots(page, 'chromatof-pibs');
    expect(pageProblems).toEqual([]);
  });

  test('DSVs: PDF details and a SHA-256 to copy', async ({ page, context, pageProblems }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await gotoInitialized(page, `/cornerstone/dsvs?registrationId=${CS}`);
    const dsv = result(page, 'Cornerstone 2.8.1');
    const file = await published('dsvs/DSV-Cornerstone-2.8.1.pdf');
    expect(await facts(dsv)).toEqual({
      Document: 'DSV-CS-0281',
      Title: 'Declaration of Software Validation, Cornerstone 2.8.1',
      Revision: 'C',
      Effective: 'Jul 1, 2024',
      File: 'DSV-Cornerstone-2.8.1.pdf',
      Type: 'PDF',
      Size: expect.any(String),
      Released: 'Jun 12, 2024',
    });
    expect(Object.keys(await facts(result(page, 'Cornerstone 2.7.0')))).toEqual(['File', 'Type', 'Size', 'Released']);
    await expect(dsv.locator('data')).toHaveAttribute('title', `${file.bytes.length.toLocaleString('en-US')} bytes`);
    await dsv.getByRole('button', { name: 'Copy SHA-256 of Cornerstone 2.8.1' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file.sha256);
    await expect(page.getByRole('button', { name: /Copy link/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'dsvs');
    expect(pageProblems).toEqual([]);
  });

  test('ChromaTOF downloads: type and date of each file, Latest on the newest installer', async ({
    page,
    pageProblems,
  }) => {
    await gotoHydrated(page, '/chromatof');
    await page.getByRole('textbox', { name: 'Key ID' }).fill(KEY);
    await page.getByRole('button', { name: 'Find downloads' }).click();
    const downloads = page.getByRole('list', { name: 'Downloads' });
    const installer = result(downloads, 'ChromaTOF 6.1.0 Installer');
    expect(await facts(installer)).toEqual({
      File: 'ChromaTOF-6.1.0-Setup.zip',
      Type: 'Installer (ZIP)',
      Size: expect.any(String),
      Released: 'Apr 8, 2025',
    });
    expect((await facts(result(downloads, 'ChromaTOF 6.1.0 User Manual'))).Type).toBe('PDF');
    expect((await facts(result(downloads, 'ChromaTOF 6.1.0 Release Notes'))).Type).toBe('Text (TXT)');
    await expect(downloads.getByText('Latest', { exact: true })).toHaveCount(1);
    await expect(installer.getByText('Latest', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: /Copy link/i })).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'chromatof-downloads');
    expect(pageProblems).toEqual([]);
  });
});

test.describe('help with the ID', () => {
  test('a side panel beside the form on a desktop, below it on a phone', async ({ page, pageProblems }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoInitialized(page, '/cornerstone/offline');
    const panel = page.getByRole('complementary', { name: 'Need help?' });
    await expect(panel).toContainText('About Box');
    await expect(panel).toContainText('letters, digits and dashes, up to 64 characters');
    await expect(panel).toContainText(`Contact ${E2E_MAKER_NAME}, who gave you your registration ID.`);
    const form = page.getByRole('search');
    const [panelBox, formBox] = [(await panel.boundingBox())!, (await form.boundingBox())!];
    expect(panelBox.x).toBeGreaterThan(formBox.x + formBox.width);

    await page.setViewportSize({ width: 360, height: 900 });
    const [narrowPanel, narrowForm] = [(await panel.boundingBox())!, (await form.boundingBox())!];
    expect(narrowPanel.y).toBeGreaterThan(narrowForm.y + narrowForm.height);
    await screenshots(page, 'idle');
    expect(pageProblems).toEqual([]);
  });

  test('a refused ID keeps its SPEC text and says what to do next; without support settings, whom to contact without a link', async ({
    page,
    pageProblems,
  }) => {
    for (const [path, message] of [
      ['/cornerstone/offline', 'Invalid registration ID'],
      ['/cornerstone/pibs', 'Invalid Registration ID'],
      ['/cornerstone/dsvs', 'Invalid Registraion ID'],
      ['/chromatof/pibs', 'Invalid key ID'],
    ] as const) {
      await gotoInitialized(page, `${path}?registrationId=NO-SUCH-ID`);
      await expect(page.getByRole('alert')).toHaveText(message);
      const next = page.getByRole('region', { name: 'What to do next' });
      const idName = path === '/chromatof/pibs' ? 'key ID' : 'registration ID';
      await expect(next).toContainText(`Check the ${idName} you entered.`);
      await expect(next).toContainText('letters, digits and dashes');
      await expect(next).toContainText('Software Registration Certificate');
      await expect(next).toContainText(`Still refused? Contact ${E2E_MAKER_NAME}, who gave you your ${idName}.`);
      await expect(next.getByRole('link')).toHaveCount(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'rejected');

    await gotoHydrated(page, '/chromatof');
    await page.getByRole('textbox', { name: 'Key ID' }).fill('NO-SUCH-KEY');
    await page.getByRole('button', { name: 'Find downloads' }).click();
    await expect(page.getByRole('alert')).toHaveText('Incorrect key');
    await expect(page.getByRole('region', { name: 'What to do next' })).toContainText("ChromaTOF's About dialog");
    await expect(page.getByRole('complementary', { name: 'Need help?' })).toContainText('Where to find your key ID');
    await screenshots(page, 'chromatof-rejected');
    acceptRefusedCredentials(pageProblems);
    expect(pageProblems).toEqual([]);
  });

  test.describe('with SUPPORT_URL and SUPPORT_EMAIL', () => {
    let portal: PortalProcess;
    test.beforeAll(async () => {
      portal = await startPortal({
        env: {
          MAKER_NAME: E2E_MAKER_NAME,
          SUPPORT_URL: 'https://support.example.com/software?topic=registration',
          SUPPORT_EMAIL: 'software.support@example.com',
        },
      });
    });
    test.afterAll(async () => {
      await portal?.stop();
      if (portal) await removeDataDir(portal.dataDir);
    });

    test('the panel and the next step link the support page and the address', async ({ page, pageProblems }) => {
      await gotoInitialized(page, `${portal.url}/cornerstone/dsvs?registrationId=NO-SUCH-ID`);
      await expect(page.getByRole('alert')).toHaveText('Invalid Registraion ID');
      for (const where of [
        page.getByRole('region', { name: 'What to do next' }),
        page.getByRole('complementary', { name: 'Need help?' }),
      ]) {
        await expect(where.getByRole('link', { name: /support page/ })).toHaveAttribute(
          'href',
          'https://support.example.com/software?topic=registration',
        );
        await expect(where.getByRole('link', { name: 'software.support@example.com' })).toHaveAttribute(
          'href',
          'mailto:software.support@example.com',
        );
        await expect(where).not.toContainText('who gave you your registration ID');
      }
      expect(await seriousViolations(page)).toEqual([]);
      await screenshots(page, 'rejected-with-support');
      acceptRefusedCredentials(pageProblems);
      expect(pageProblems).toEqual([]);
    });
  });
});
