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
  const card = page.getByRole('listitem', { name: FILE, exact: true });
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
  await expect(page.getByRole('table')).toContainText('ChromaTOF Tile 2.0.0 Installer');
  await expect(page.getByRole('table')).toContainText('withdrawn');
  await page.getByRole('link', { name: 'Back to the change history' }).click();

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
  await expect(page.getByRole('listitem', { name: FILE, exact: true })).toBeVisible();
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

test('the published files filter by name, SHA-256 prefix, where published and state, and a reload keeps the filter', async ({
  page,
  pageProblems,
}) => {
  await signInPage(page, await newPublisher());
  await gotoHydrated(page, '/service/publishing');
  const files = page.getByRole('region', { name: 'Published files' });
  const cards = files.getByRole('listitem');
  const count = files.getByRole('status');
  const search = page.getByRole('searchbox', { name: 'Find by name, SHA-256 or where it is published' });
  const show = page.getByRole('combobox', { name: 'Show' });

  await expect(count).toHaveText(/^\d+ files$/);
  const total = Number((await count.textContent())!.split(' ')[0]);
  expect(total).toBeGreaterThan(10);
  await expect(cards).toHaveCount(total);

  // By name, any case.
  await search.fill('chromatof-tile-2.0.0-setup');
  await expect(count).toHaveText(`1 of ${total} files`);
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('listitem', { name: FILE, exact: true })).toBeVisible();

  // By where it is published, as the card says it.
  await search.fill('ChromaTOF files ChromaTOF Tile 2.0.0 Installer');
  await expect(page.getByRole('listitem', { name: FILE, exact: true })).toBeVisible();
  await expect(count).toHaveText(`1 of ${total} files`);

  // By the start of its SHA-256.
  const sha256 = await page.getByRole('listitem', { name: FILE, exact: true }).locator('code').textContent();
  await search.fill(sha256!.slice(0, 12));
  await expect(cards).toHaveCount(1);
  await expect(page.getByRole('listitem', { name: FILE, exact: true })).toBeVisible();

  // Nothing found: said so, no card.
  await search.fill('no-such-file-anywhere');
  await expect(count).toHaveText('No file matches “no-such-file-anywhere”.');
  await expect(cards).toHaveCount(0);

  // PIBs only, live: every card is a live PIB; a reload keeps the filter.
  await search.fill('PIBs');
  await show.selectOption({ label: 'Live files only' });
  await expect(count).toHaveText(/^\d+ of \d+ files$/);
  const pibs = await cards.count();
  expect(pibs).toBeGreaterThan(0);
  expect(pibs).toBeLessThan(total);
  for (const card of await cards.all()) {
    await expect(card).toContainText('PIBs');
    await expect(card).toContainText('Live since');
  }
  expect(new URL(page.url()).search).toBe('?file=PIBs&show=live');
  await page.reload();
  await expect(search).toHaveValue('PIBs');
  await expect(show).toHaveValue('live');
  await expect(cards).toHaveCount(pibs);

  // Withdrawn only: every card shown is withdrawn, or none is.
  await search.fill('');
  await show.selectOption({ label: 'Withdrawn files only' });
  await expect(count).toHaveText(/^(\d+ of \d+ files|No file is withdrawn\.)$/);
  for (const card of await cards.all()) await expect(card).toContainText('Withdrawn ');
  expect(new URL(page.url()).search).toBe('?show=withdrawn');

  // All files again: the query is empty.
  await show.selectOption({ label: 'All files' });
  await expect(count).toHaveText(/^\d+ files$/);
  expect(new URL(page.url()).search).toBe('');
  expect(pageProblems).toEqual([]);
});
