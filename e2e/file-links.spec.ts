import type { BrowserContext, Download, Page } from '@playwright/test';
import { createHmac } from 'node:crypto';
import { resolveSecretKey } from '../apps/api/src/config/secret-key';
import { derivedKey } from '../apps/api/src/shared/keyed-digest';
import { expect, test } from './fixtures';
import { gotoInitialized } from './public-pages';
import { wholeChromium } from '../test-kit/chromium';

// The whole browser: its PDF viewer, which the headless shell lacks, is what a PDF link opens.
test.use(wholeChromium());

const CS = 'DEMO-CS-1001';
const NEW_TAB = ' (PDF, opens in a new tab)';

/** Opens the DSV lookup for CS and returns its first document's link. */
async function dsvLink(page: Page) {
  await gotoInitialized(page, `/cornerstone/dsvs?registrationId=${CS}`);
  const link = page.getByRole('link', { name: `Cornerstone 2.10.0${NEW_TAB}` });
  await expect(link).toBeVisible();
  return link;
}

/** Every download any page of the context starts, the new tabs' included. */
function watchDownloads(context: BrowserContext): Download[] {
  const downloads: Download[] = [];
  context.on('page', (tab) => tab.on('download', (download) => downloads.push(download)));
  return downloads;
}

test("a PDF opens in the browser's viewer in a new tab, rendered, not downloaded", async ({
  page,
  context,
  pageProblems,
}) => {
  const downloads = watchDownloads(context);
  const link = await dsvLink(page);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener');

  const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
  await tab.waitForLoadState('load');
  expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
  expect(await tab.evaluate(() => window.opener)).toBeNull();
  // Chromium's viewer: its extension page in the tab, holding the PDF plugin with the document.
  await expect.poll(() => tab.frames().some((frame) => frame.url().startsWith('chrome-extension://'))).toBe(true);
  const viewer = tab.frames().find((frame) => frame.url().startsWith('chrome-extension://'))!;
  await expect
    .poll(() =>
      viewer.evaluate(() => {
        const shadow = document.querySelector('pdf-viewer')?.shadowRoot;
        return shadow?.querySelector('embed')?.getAttribute('type') ?? null;
      }),
    )
    .toBe('application/x-google-chrome-pdf');
  expect(downloads).toEqual([]);

  // Anything else is still saved as a file.
  await gotoInitialized(page, `/cornerstone/offline?registrationId=${CS}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Cornerstone 2.10.0', exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('Cornerstone-2.10.0-Offline.zip');
  expect(pageProblems).toEqual([]);
});

test('HEAD on a download link tells the size, as GET does', async ({ page, request }) => {
  const href = (await (await dsvLink(page)).getAttribute('href'))!;
  const [head, get] = [await request.head(href), await request.get(href)];
  expect(head.status()).toBe(200);
  expect(head.headers()['content-length']).toBe(String((await get.body()).length));
  expect(Number(head.headers()['content-length'])).toBeGreaterThan(0);
  const ranged = await request.head(href, { headers: { range: 'bytes=0-99' } });
  expect(ranged.status()).toBe(206);
  expect(ranged.headers()['content-length']).toBe('100');
});

test.describe('a download link that no longer works', () => {
  test('tampered with and opened from a mail: the page offers every lookup', async ({ page, pageProblems }) => {
    const href = (await (await dsvLink(page)).getAttribute('href'))!;
    const tampered = href.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    await page.goto(new URL(tampered, process.env.PORTAL_URL).toString(), { referer: '' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This download link does not work');
    await expect(page.getByText('It was a link to')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /^Back to/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'PX Series firmware' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/metallographics/px/firmware');
    expect(pageProblems).toEqual([]);
  });

  test('tampered with: the page says so and leads back to the lookup, without the registration ID', async ({
    page,
    context,
    pageProblems,
  }) => {
    const link = await dsvLink(page);
    await link.evaluate((anchor: HTMLAnchorElement) => {
      anchor.href = anchor.href.replace(
        /signature=(.)/,
        (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`,
      );
    });
    const [tab] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('This download link does not work');
    await expect(tab.getByText('Look the file up again to get a link that works.')).toBeVisible();
    expect(tab.url()).not.toContain(CS);
    // The server cannot vouch for the file of a changed link: every lookup is offered.
    const lookups = tab.getByRole('main').getByRole('listitem').getByRole('link');
    await expect(lookups).toHaveText([
      'Cornerstone offline installers',
      'Cornerstone product information bulletins (PIBs)',
      'Cornerstone declarations of software validation (DSVs)',
      'ChromaTOF downloads',
      'ChromaTOF PIBs',
      'PX Series firmware',
      'MX Series firmware',
      'CX Series firmware',
    ]);
    await tab.getByRole('link', { name: 'Back to Declaration of Software Validation' }).click();
    await expect(tab).toHaveURL((url) => url.pathname === '/cornerstone/dsvs' && url.search === '');
    await expect(tab.getByLabel('Registration ID')).toHaveValue('');
    expect(pageProblems).toEqual([]);
  });

  test('expired: the page says so; an API client still gets the JSON 410', async ({ page, request }) => {
    const href = (await (await dsvLink(page)).getAttribute('href'))!;
    const url = new URL(href, process.env.PORTAL_URL);
    // Signed as the portal signs (apps/api/src/plugins/download-links.ts), two hours ago.
    const key = derivedKey(await resolveSecretKey(undefined, process.env.PORTAL_DATA_DIR!), 'download-link');
    const expires = Math.floor(Date.now() / 1000) - 3600;
    const grant = url.searchParams.get('grant')!;
    const signature = createHmac('sha256', key).update(`${url.pathname}\n${expires}\n${grant}`).digest('base64url');
    const expired = `${url.pathname}?expires=${expires}&grant=${grant}&signature=${signature}`;
    const fileName = decodeURIComponent(url.pathname.split('/').at(-1)!);

    await page.goto(expired);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This download link has expired');
    await expect(page.getByText('Download links work for one hour after a lookup.')).toBeVisible();
    // Opened from a mail or a bookmark (no Referer): the signed link still tells its file and lookup.
    await expect(
      page.getByText(`It was a link to ${fileName} on the Declaration of Software Validation page.`),
    ).toBeVisible();
    await page.getByRole('link', { name: 'Look up your files again' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/cornerstone/dsvs' && url.search === '');
    // The ID is in no address; this tab looked it up before, so the form offers it again (one ID per visit).
    await expect(page.getByLabel('Registration ID')).toHaveValue(CS);

    const api = await request.get(expired);
    expect(api.status()).toBe(410);
    expect(await api.json()).toEqual({
      message: 'This download link has expired. Please look the file up again.',
      code: 'link-expired',
    });
  });
});
