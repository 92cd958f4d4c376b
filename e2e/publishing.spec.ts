import type { Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { expect, signInPage, test } from './fixtures';
import { E2E_ADMINS, E2E_MAKER_NAME } from './global-setup';
import { gotoHydrated } from './public-pages';
import { newPublisher as newPublisherBy } from './publishers';

// A demo file no other spec looks at (docs/demo-data.md): ChromaTOF Tile 2.0.0's installer,
// listed for the key ID DEMO-KEY-2004. Withdrawn and restored again within the test.
const TILE_KEY = 'DEMO-KEY-2004';
const FILE = 'ChromaTOF-Tile-2.0.0-Setup.zip';
const LINK = 'ChromaTOF Tile 2.0.0 Installer';

const downloads = (page: Page) => page.getByRole('list', { name: 'Downloads' }).getByRole('listitem');

/** The published files' table and its row of one file (named in the row's header cell). */
const filesTable = (page: Page) => page.getByRole('region', { name: 'Published files' }).getByRole('table');
const fileRows = (page: Page) =>
  filesTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader') });
const fileRow = (page: Page, name: string) =>
  fileRows(page).filter({ has: page.getByRole('rowheader', { name, exact: true }) });
const rowNames = (page: Page) => fileRows(page).getByRole('rowheader').allTextContents();

async function lookUp(page: Page) {
  await gotoHydrated(page, '/chromatof');
  await page.getByRole('textbox', { name: 'Key ID' }).fill(TILE_KEY);
  await page.getByRole('button', { name: 'Find downloads' }).click();
  await expect(downloads(page).first()).toBeVisible();
}

// Only the newest sign-in link of an address works, and one is sent a minute: the
// administrator signs in once, so this file's tests run one after another in one worker.
test.describe.configure({ mode: 'default' });

/** A new address holding exactly the publisher role. */
const newPublisher = () => newPublisherBy(E2E_ADMINS.publishing);

test('a publisher withdraws a file: the customer no longer finds it, its old link says it was withdrawn; restored, it is back', async ({
  browser,
  page,
  pageProblems,
}) => {
  const publisher = await newPublisher();
  await signInPage(page, publisher);

  // A customer, in a browser of their own, finds the file and keeps its link.
  const customerContext = await browser.newContext({ baseURL: process.env.PORTAL_URL });
  const customer = await customerContext.newPage();
  await lookUp(customer);
  const oldLink = await downloads(customer).getByRole('link', { name: LINK }).getAttribute('href');
  expect(oldLink).toMatch(/\/v1\/files\//);

  // The publisher finds Publishing on the service hub, and the file on it.
  await gotoHydrated(page, '/service');
  await page.getByRole('link', { name: 'Publishing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publishing');
  // Other specs publish beside this one: the file is found by name, not by its page.
  await page.getByRole('searchbox', { name: 'Find by name, SHA-256 or where it is published' }).fill(FILE);
  const card = fileRow(page, FILE);
  await expect(card).toContainText('ChromaTOF files ChromaTOF Tile 2.0.0 Installer');
  await expect(card).toContainText('Live since');

  // Withdraw, with a reason, confirmed in a dialog.
  await card.getByRole('button', { name: 'Withdraw…' }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw ${FILE}?` });
  await dialog.getByLabel('Reason').fill('Replaced by 2.1.0');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(card.getByRole('status')).toHaveText(`Withdrew ${FILE}.`);
  await expect(card).toContainText(`by ${publisher}: Replaced by 2.1.0`);

  // The history shows it: who, from the browser, what; its full diff names the file. Found by
  // its publisher, a new address: the draft specs beside this one publish at the same time, so
  // the newest row may be theirs.
  const change = page.getByRole('region', { name: 'Change history' }).getByRole('row').filter({ hasText: publisher });
  await expect(change).toHaveCount(1);
  await expect(change).toContainText('Browser');
  await expect(change).toContainText('ChromaTOF files: 1 withdrawn');
  await change.getByRole('link', { name: 'Full diff' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Change \d+$/ })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('ChromaTOF Tile 2.0.0 Installer');
  await expect(page.getByRole('table')).toContainText('withdrawn');
  await page.getByRole('link', { name: 'Back to the change history' }).click();
  await page.getByRole('searchbox', { name: 'Find by name, SHA-256 or where it is published' }).fill(FILE);

  // The customer's lookup no longer lists it, and the old link shows the withdrawn page.
  await lookUp(customer);
  await expect(downloads(customer).getByRole('link', { name: 'ChromaTOF Tile 2.1.0 Installer' })).toBeVisible();
  await expect(downloads(customer).getByRole('link', { name: LINK })).toHaveCount(0);
  await customer.goto(oldLink!);
  await expect(customer.getByRole('heading', { level: 1 })).toHaveText(
    `This file has been withdrawn by ${E2E_MAKER_NAME}`,
  );
  await expect(customer.getByText(FILE)).toBeVisible();

  // Restored, it is back in the lookup and its link works again.
  await card.getByRole('button', { name: 'Restore…' }).click();
  await page
    .getByRole('dialog', { name: `Restore ${FILE}?` })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(card.getByRole('status')).toHaveText(`Restored ${FILE}.`);
  await expect(card).toContainText('Live since');
  await lookUp(customer);
  await expect(downloads(customer).getByRole('link', { name: LINK })).toBeVisible();
  const restored = await customer.request.get(oldLink!);
  expect(restored.status()).toBe(200);

  await customerContext.close();
  expect(pageProblems).toEqual([]);
});

test('the Publishing screen and a full diff, signed in as a publisher, have no serious accessibility violation and fit 360 px', async ({
  page,
  pageProblems,
}) => {
  await signInPage(page, await newPublisher());
  await gotoHydrated(page, '/service/publishing');
  await expect(page.getByRole('region', { name: 'Change history' })).toBeVisible();
  await expect(fileRows(page).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);

  // The oldest change is the demo catalogue's import, from the command line.
  const oldest = page.getByRole('region', { name: 'Change history' }).getByRole('row').last();
  await expect(oldest).toContainText('cli');
  await expect(oldest).toContainText('Command line');
  await oldest.getByRole('link', { name: 'Full diff' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Change \d+$/ })).toBeVisible();
  await expect(page.getByRole('table')).toContainText('CS-DSV-281');
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
  expect(pageProblems).toEqual([]);
});

test('the published files filter by name, SHA-256 prefix, where published and state, over every file, and a reload keeps the filter', async ({
  page,
  pageProblems,
}) => {
  await signInPage(page, await newPublisher());
  await gotoHydrated(page, '/service/publishing');
  const count = page.getByRole('region', { name: 'Published files' }).getByRole('status');
  const search = page.getByRole('searchbox', { name: 'Find by name, SHA-256 or where it is published' });
  const show = page.getByRole('combobox', { name: 'Show' });

  await expect(count).toHaveText(/^\d+ files on this page$/);
  expect(await fileRows(page).count()).toBeGreaterThan(10);
  expect(await fileRows(page).count()).toBeLessThanOrEqual(50);

  // By name, any case.
  await search.fill('chromatof-tile-2.0.0-setup');
  await expect(count).toHaveText('1 file on this page');
  expect(await rowNames(page)).toEqual([FILE]);

  // By where it is published, as the table says it.
  await search.fill('ChromaTOF files ChromaTOF Tile 2.0.0 Installer');
  await expect(count).toHaveText('1 file on this page');
  await expect(fileRow(page, FILE)).toBeVisible();

  // By the start of its SHA-256.
  const sha256 = await fileRow(page, FILE).locator('code').getAttribute('title');
  expect(sha256).toMatch(/^[0-9a-f]{64}$/);
  await search.fill(sha256!.slice(0, 12));
  await expect(count).toHaveText('1 file on this page');
  await expect(fileRow(page, FILE)).toBeVisible();

  // Nothing found: said so, no table.
  await search.fill('no-such-file-anywhere');
  await expect(count).toHaveText('No file matches “no-such-file-anywhere”.');
  await expect(filesTable(page)).toHaveCount(0);

  // PIBs only, live: every row is a live PIB; a reload keeps the filter.
  await search.fill('PIBs');
  await show.selectOption({ label: 'Live files only' });
  await expect(count).toHaveText(/^\d+ files? on this page$/);
  await expect(page).toHaveURL(/\?file=PIBs&show=live$/);
  const pibs = await fileRows(page).count();
  expect(pibs).toBeGreaterThan(0);
  for (const row of await fileRows(page).all()) {
    await expect(row).toContainText('PIBs');
    await expect(row).toContainText('Live since');
  }
  await page.reload();
  await expect(search).toHaveValue('PIBs');
  await expect(show).toHaveValue('live');
  await expect(fileRows(page)).toHaveCount(pibs);

  // Withdrawn only: every row shown is withdrawn, or none is.
  await search.fill('');
  await show.selectOption({ label: 'Withdrawn files only' });
  await expect(page).toHaveURL(/\?show=withdrawn$/);
  await expect(count).toHaveText(/^(\d+ files? on this page|No file is withdrawn\.)$/);
  for (const row of await fileRows(page).all()) await expect(row).toContainText('Withdrawn ');

  // All files again: the query is empty.
  await show.selectOption({ label: 'All files' });
  await expect(count).toHaveText(/^\d+ files on this page$/);
  expect(new URL(page.url()).search).toBe('');
  expect(pageProblems).toEqual([]);
});

test('the published files page forward and back by name, four to a page, and a withdrawal on page 3 keeps page 3', async ({
  page,
  pageProblems,
}) => {
  await signInPage(page, await newPublisher());
  // The demo's twelve ChromaTOF files, by name, four to a page: 6.0.2's, 6.1.0's, then Tile 2.0.0's
  // installer, Tile 2.1.0's two files and 6.1.0's SBOM (its lower-case name sorts after the rest).
  await gotoHydrated(page, '/service/publishing?file=ChromaTOF-&sort=name&rows=4');
  const next = page
    .getByRole('navigation', { name: 'Pages of published files' })
    .getByRole('link', { name: 'Next page' });
  const previous = page
    .getByRole('navigation', { name: 'Pages of published files' })
    .getByRole('link', { name: 'Previous page' });
  await expect(page.getByRole('combobox', { name: 'Order' })).toHaveValue('name');
  await expect(fileRows(page)).toHaveCount(4);
  const first = await rowNames(page);
  expect(first[0]).toBe('ChromaTOF-6.0.2-PIB.pdf');
  await expect(previous).toHaveCount(0);

  await next.click();
  await expect(fileRows(page).first()).not.toHaveText(new RegExp(first[0]!));
  const second = await rowNames(page);
  expect(second[0]).toBe('ChromaTOF-6.1.0-PIB.pdf');
  await next.click();
  await expect(fileRow(page, FILE)).toBeVisible();
  const third = await rowNames(page);
  expect(third).toEqual([
    FILE,
    'ChromaTOF-Tile-2.1.0-Release-Notes.txt',
    'ChromaTOF-Tile-2.1.0-Setup.zip',
    'chromatof-6.1.0.cdx.json',
  ]);

  // Back one page and forward again: the same files.
  await previous.click();
  await expect(fileRow(page, second[0]!)).toBeVisible();
  expect(await rowNames(page)).toEqual(second);
  await next.click();
  await expect(fileRow(page, FILE)).toBeVisible();
  const pageThree = page.url();

  // Withdraw on page 3: the page stays, its row says so; restored, the same.
  await fileRow(page, FILE).getByRole('button', { name: 'Withdraw…' }).click();
  const dialog = page.getByRole('dialog', { name: `Withdraw ${FILE}?` });
  await dialog.getByLabel('Reason').fill('Paging test');
  await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
  await expect(fileRow(page, FILE).getByRole('status')).toHaveText(`Withdrew ${FILE}.`);
  await expect(fileRow(page, FILE)).toContainText('Paging test');
  expect(page.url()).toBe(pageThree);
  expect(await rowNames(page)).toEqual(third);
  await fileRow(page, FILE).getByRole('button', { name: 'Restore…' }).click();
  await page
    .getByRole('dialog', { name: `Restore ${FILE}?` })
    .getByRole('button', { name: 'Restore', exact: true })
    .click();
  await expect(fileRow(page, FILE).getByRole('status')).toHaveText(`Restored ${FILE}.`);
  await expect(fileRow(page, FILE)).toContainText('Live since');
  expect(page.url()).toBe(pageThree);
  expect(await rowNames(page)).toEqual(third);

  // A reload shows the same page.
  await page.reload();
  await expect(fileRow(page, FILE)).toBeVisible();
  expect(await rowNames(page)).toEqual(third);
  expect(pageProblems).toEqual([]);
});
