import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { ADVISORY_PAGES, FEED_FILE_PAGE, SIGN_IN_PATHS } from '@portal/contracts';
import { DESTINATIONS, PUBLISHING_DRAFT_PAGE } from '../apps/web/app/shared/navigation/navigation';
import { expect, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { destinationAt, planVisit, ROUTE_PATHS, VISITS } from './page-visits';
import { sidewaysOverflow } from './overflow';
import { gotoInitialized } from './public-pages';

// No page clips sideways on a phone (360 px): every public page and every staff screen,
// enumerated from the web app's route table (apps/web/app/routes.ts), not from a list kept
// by hand, each with something to show (lookups with results, staff screens with their data,
// as an administrator, whom every screen shows itself to).
test.use({ staffEmail: E2E_ADMINS.narrowScreens });

const WIDTH = 360;

async function expectFits(page: Page, name: string) {
  const found = await sidewaysOverflow(page);
  await mkdir('test-results/screens', { recursive: true });
  await page.screenshot({
    path: `test-results/screens/narrow${name.replace(/[^a-z0-9]+/gi, '-')}.png`,
    fullPage: true,
  });
  expect.soft(found.scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(found.clientWidth);
  expect.soft(found.sticking, `${name}: elements past the edge of the screen`).toEqual([]);
  expect.soft(found.firstColumnLost, `${name}: a table scrolls away its first column`).toEqual([]);
}

async function visit(page: Page, path: string) {
  const { url, fill } = await planVisit(page, path);
  await page.setViewportSize({ width: WIDTH, height: 740 });
  await gotoInitialized(page, url);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // A staff screen first checks the person's roles, then loads its data, which its `fill` waits for.
  await expect(page.getByText('Checking your roles…')).toHaveCount(0);
  await fill?.(page);
  // Parts filled in after the page (the firmware link, a lookup's feed address) say they are busy until then.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('the routes visited are the route table: every step in VISITS belongs to a route that exists', () => {
  expect(ROUTE_PATHS).toEqual(expect.arrayContaining(['/', '/*', SIGN_IN_PATHS.landing, FEED_FILE_PAGE]));
  expect(Object.keys(VISITS).filter((path) => !ROUTE_PATHS.includes(path))).toEqual([]);
  // Every staff tool of the registry is a route, and so is measured as an administrator.
  const staffTools = Object.values(DESTINATIONS).filter((destination) => destination.access !== undefined);
  expect(staffTools.map((destination) => destination.url).filter((url) => !ROUTE_PATHS.includes(url))).toEqual([]);
});

// A draft of the Publishing screen, and a new or saved advisory draft, are staff screens with
// no place in the registry (their address has the draft's ID, or a query).
const staffPaths = ROUTE_PATHS.filter((path) => {
  if (path === PUBLISHING_DRAFT_PAGE || path === ADVISORY_PAGES.newDraft || path === ADVISORY_PAGES.draft) return true;
  const name = destinationAt(path);
  return name !== undefined && DESTINATIONS[name].access !== undefined;
});

for (const path of ROUTE_PATHS.filter((path) => !staffPaths.includes(path))) {
  test(`${path} fits ${WIDTH} px`, async ({ page, pageProblems }) => {
    await visit(page, path);
    await expectFits(page, path);
    expect(pageProblems).toEqual([]);
  });
}

// One test for the staff screens, so the administrator signs in once (the sign-in mail is
// limited per address); each screen's finding is its own (soft) failure.
test(`every staff screen fits ${WIDTH} px for an administrator, and so does the service page signed in`, async ({
  staffPage,
  pageProblems,
}) => {
  test.setTimeout(30_000 + staffPaths.length * 15_000);
  expect(staffPaths.length).toBeGreaterThan(5);
  for (const path of staffPaths) {
    await test.step(path, async () => {
      await visit(staffPage, path);
      await expectFits(staffPage, path);
    });
  }
  // The service page is public, but shows more to staff: its tiles and the feed addresses.
  await visit(staffPage, DESTINATIONS.service.url);
  await expect(staffPage.getByRole('link', { name: DESTINATIONS.serviceAudit.title }).first()).toBeVisible();
  await expectFits(staffPage, `${DESTINATIONS.service.url} signed in`);
  expect(pageProblems).toEqual([]);
});
