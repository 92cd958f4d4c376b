import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { DISK_WORDS } from '@portal/contracts';
import { CHROMIUM_ARGS, headlessShellPath } from '../test-kit/chromium';
import { expect, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { waitForSignInLink } from '../test-kit/outbox';

// An ordinary desktop Chrome: the portal does not count automated browsers (HeadlessChrome).
// Set for the whole browser, not per page: a beacon sent as a page unloads leaves from the
// browser process, with the browser's own user agent.
const DESKTOP_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
test.use({
  launchOptions: { executablePath: headlessShellPath(), args: [...CHROMIUM_ARGS, `--user-agent=${DESKTOP_CHROME}`] },
});

const REGISTRATION_ID = 'DEMO-CS-1001';
const KEY_ID = 'DEMO-KEY-2001';

/** The collector loads when the browser is idle after hydration; what happens before it is held for it. */
async function telemetryLoaded(page: Page) {
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((entry) => entry.name.includes('start-telemetry')),
  );
}

test('browsing, a download and a lookup show up on the Usage screen, and nothing sent names the visitor', async ({
  page,
  pageProblems,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/telemetry') sent.push(request.postData() ?? '');
  });
  // Usage needs the Administrator role.
  const email = E2E_ADMINS.usage;

  await page.goto(`/cornerstone/offline?registrationId=${REGISTRATION_ID}`);
  await telemetryLoaded(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Cornerstone 2.7.0' }).click();
  await (await downloading).cancel();

  // A ChromaTOF download: its own series on the screen, not 'Other'.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'ChromaTOF' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'ChromaTOF', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'ChromaTOF' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Key ID' }).fill(KEY_ID);
  await page.getByRole('button', { name: 'Find downloads' }).click();
  const chromatofDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'ChromaTOF 6.1.0 Installer', exact: true }).click();
  await (await chromatofDownload).cancel();

  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await page.getByRole('link', { name: 'Service', exact: true }).first().click();
  await page.getByLabel('Enter your company email address').fill(email);
  // The collector sends what waits every 15 seconds.
  const batchStored = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/v1/telemetry' && response.status() === 202,
    { timeout: 20_000 },
  );
  await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
  const link = await waitForSignInLink(email, process.env.PORTAL_DATA_DIR!);
  await batchStored;

  // What happens after the batch waits until the page is left, and leaves by beacon.
  await page.getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await page.goto(link.toString());
  await expect(page).toHaveURL((url) => url.pathname === '/service');
  await page.getByRole('link', { name: 'Usage' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Usage' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Last 7 days' })).toHaveAttribute('aria-current', 'page');

  const today = new Date().toISOString().slice(0, 10);
  const rowOf = (table: string) =>
    page.getByRole('table', { name: table }).getByRole('row', { name: new RegExp(`^${today}`) });
  await expect(rowOf('Page views per day, days with any')).toBeVisible();
  const views = Number(await rowOf('Page views per day, days with any').getByRole('cell').last().textContent());
  // The offline installer, Privacy and Service pages in the batch, Privacy again by beacon.
  expect(views).toBeGreaterThanOrEqual(4);
  await expect(
    rowOf('Downloads per day by product and version, days with any').filter({ hasText: '2.7.0' }),
  ).toContainText('Cornerstone');
  // Attributed to its release (product and version), not to 'Other' by its file name.
  await expect(
    page
      .getByRole('table', { name: 'Downloads per day by product and version, days with any' })
      .getByRole('row', { name: new RegExp(`^${today} ChromaTOF 6\\.1\\.0 \\d+$`) }),
  ).toBeVisible();
  // The chart's key (the picture's legend; the table beside it has the numbers) has ChromaTOF's own series.
  await expect(
    page.getByTestId('downloads-chart').locator('xpath=..').getByText('ChromaTOF', { exact: true }),
  ).toHaveCount(1);
  await expect(rowOf('Lookups per day, days with any')).toBeVisible();
  await expect(page.getByRole('table', { name: /most downloaded/ })).toContainText('2.7.0');
  await expect(page.getByTestId('page-views-chart').locator('canvas')).toBeVisible();
  // Each disk the shared portal writes, by the name a message gives it (starting a row, so
  // with a capital), with its free space.
  const disks = page.getByRole('table', { name: 'Free space of each disk the portal writes, now' });
  const size = '[\\d.,]+ (bytes|kB|MB|GB)';
  for (const words of Object.values(DISK_WORDS)) {
    const shown = words.charAt(0).toUpperCase() + words.slice(1);
    const row = new RegExp(`^${shown.replace(/[()]/g, '\\$&')} ${size} ${size}$`);
    await expect(disks.getByRole('row', { name: row })).toBeVisible();
  }

  const axe = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);

  await page.getByRole('link', { name: 'Last 90 days' }).click();
  await expect(page).toHaveURL(/\?days=90$/);
  await expect(rowOf('Page views per day, days with any')).toBeVisible();

  expect(sent.length).toBeGreaterThan(0);
  for (const body of sent) {
    for (const trace of [REGISTRATION_ID, KEY_ID, email, 'registrationId', '127.0.0.1', 'bearer']) {
      expect(body).not.toContain(trace);
    }
  }
  expect(pageProblems).toEqual([]);
});
