import { CVSS_SEVERITY_TITLES, HOME_NEWS_PATH, type LatestVersion } from '@portal/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { gotoHydrated } from './public-pages';

/** The demo's firmware (docs/demo-data.md): no spec publishes or withdraws firmware. */
const DEMO_FIRMWARE = [
  {
    series: 'MX',
    name: 'MX firmware v002 (001.005.002)',
    released: 'Released Feb 18, 2025',
    path: '/metallographics/mx/firmware',
  },
  {
    series: 'PX',
    name: 'PX firmware v010 (002.002.010)',
    released: 'Released Apr 22, 2025',
    path: '/metallographics/px/firmware',
  },
  {
    series: 'CX',
    name: 'CX firmware v004 (003.001.004)',
    released: 'Released May 6, 2025',
    path: '/metallographics/cx/firmware',
  },
];
const SEVERITY = new RegExp(`^(${Object.values(CVSS_SEVERITY_TITLES).join('|')}) severity$|^No score$`);

const whatsNew = (page: Page) => page.getByRole('region', { name: "What's new" });

test("Home's What's new names each firmware series' latest, and each leads to its firmware page", async ({
  page,
  pageProblems,
}) => {
  const homeNewsRequests: string[] = [];
  const documentLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === HOME_NEWS_PATH) homeNewsRequests.push(request.url());
    if (request.resourceType() === 'document') documentLoads.push(new URL(request.url()).pathname);
  });
  for (const firmware of DEMO_FIRMWARE) {
    await gotoHydrated(page, '/');
    const item = whatsNew(page)
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: firmware.name, exact: true }) });
    await expect(item).toContainText(firmware.released);
    await item.getByRole('link').click();
    await expect(page).toHaveURL((url) => url.pathname === firmware.path);
    await expect(page.getByRole('link', { name: `Download ${firmware.name}`, exact: true })).toBeVisible();
  }
  // Written into the page by the server: Home loaded asks for nothing more.
  expect(homeNewsRequests).toEqual([]);
  // Its links are followed by the router, as every link of the app: no firmware page is loaded as a document.
  expect(documentLoads).toEqual(['/', '/', '/']);
  expect(pageProblems).toEqual([]);
});

test("Home's What's new names the latest released Cornerstone, which the Cornerstone page offers", async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/');
  // The demo's 2.10.0, or a version another spec published beside this one since.
  const latest = (await (await page.request.get('/v1/Cornerstone/latest')).json()) as LatestVersion;
  expect(latest.name === '2.10.0' || /^9\.\d+\.0$/.test(latest.name)).toBe(true);
  await page.reload();
  const link = whatsNew(page).getByRole('link', { name: `Cornerstone ${latest.name}`, exact: true });
  await expect(link).toHaveAttribute('href', '/cornerstone');
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === '/cornerstone');
  await expect(page.getByText(`Latest version Cornerstone ${latest.name}, released`)).toBeVisible();
  expect(pageProblems).toEqual([]);
});

test("Home's What's new names the newest advisory with its severity, linked to its page", async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/');
  const advisory = whatsNew(page).locator('li[data-kind="advisory"]').first();
  await expect(advisory.locator('.news-severity')).toHaveText(SEVERITY);
  const link = advisory.getByRole('link');
  const name = (await link.textContent())!;
  const [advisoryId, title] = name.split(': ', 2) as [string, string];
  await expect(link).toHaveAttribute('href', `/security/${advisoryId}`);
  await link.click();
  await expect(page).toHaveURL((url) => url.pathname === `/security/${advisoryId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title);
  expect(pageProblems).toEqual([]);
});

test("Home reached from another page still shows What's new, and Find your files leads to each lookup", async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/privacy');
  // No page but Home has What's new written in: here the browser asks for it.
  const asked = page.waitForResponse((response) => new URL(response.url()).pathname === HOME_NEWS_PATH);
  await page.getByRole('link', { name: 'Home', exact: true }).first().click();
  expect((await asked).status()).toBe(200);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(whatsNew(page).getByRole('link', { name: DEMO_FIRMWARE[1]!.name, exact: true })).toBeVisible();

  const find = page.getByRole('region', { name: 'Find your files' });
  for (const [group, link, path] of [
    ['A registration ID', 'Cornerstone offline installers', '/cornerstone/offline'],
    ['A registration ID', 'Cornerstone PIBs', '/cornerstone/pibs'],
    ['A registration ID', 'Declarations of Software Validation', '/cornerstone/dsvs'],
    ['A key ID', 'ChromaTOF downloads', '/chromatof'],
    ['A key ID', 'ChromaTOF PIBs', '/chromatof/pibs'],
    ['An instrument', 'PX firmware', '/metallographics/px/firmware'],
  ] as const) {
    await expect(
      find.getByRole('list', { name: group }).getByRole('link', { name: link, exact: true }),
    ).toHaveAttribute('href', path);
  }
  await find.getByRole('link', { name: 'Cornerstone PIBs', exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/cornerstone/pibs');
  expect(pageProblems).toEqual([]);
});

test("the prerendered Home carries What's new before any script runs", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: process.env.PORTAL_URL });
  const page = await context.newPage();
  await page.goto('/');
  await expect(whatsNew(page).getByRole('link', { name: DEMO_FIRMWARE[0]!.name, exact: true })).toBeVisible();
  await context.close();
});
