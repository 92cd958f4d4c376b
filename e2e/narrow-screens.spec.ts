import { mkdir } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import {
  ADVISORY_PAGES,
  ADVISORY_PATHS,
  advisoryPagePath,
  DOWNLOAD_LINK_PAGE,
  FEED_FILE_PAGE,
  newAdvisoryForReleases,
  SIGN_IN_PATHS,
  type AdvisoryList,
} from '@portal/contracts';
import routes from '../apps/web/app/routes';
import {
  DESTINATIONS,
  LOOKUP_PARAM,
  PUBLISHING_DRAFT_PAGE,
  type DestinationName,
} from '../apps/web/app/shared/navigation/navigation';
import { expect, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { gotoInitialized } from './public-pages';

// No page clips sideways on a phone (360 px): every public page and every staff screen,
// enumerated from the web app's route table (apps/web/app/routes.ts), not from a list kept
// by hand, each with something to show (lookups with results, staff screens with their data,
// as an administrator, whom every screen shows itself to).
test.use({ staffEmail: E2E_ADMINS.narrowScreens });

const WIDTH = 360;
const CS = 'DEMO-CS-1001';
const KEY = 'DEMO-KEY-2001';

/** Every path of the route table, '/'-rooted; the catch-all is the not-found page. */
const routePaths = (routes as { path?: string; index?: boolean }[]).map((route) =>
  route.index ? '/' : `/${route.path!}`,
);

const destinationAt = (path: string) =>
  (Object.keys(DESTINATIONS) as DestinationName[]).find((name) => DESTINATIONS[name].url === path);

/**
 * What a page needs to show what it is for, beyond being opened: the address with the query
 * that fills it, and what to do and wait for. A page not named here is opened as it is.
 */
interface Visit {
  url: string;
  /** Run after the page has loaded, before the measurement: fill a form, wait for results. */
  fill?: (page: Page) => Promise<void>;
}

/** A lookup opened with an ID in its address shows its results. */
const results = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
};

const VISITS: Partial<Record<string, Visit | ((page: Page) => Promise<Visit>)>> = {
  [DESTINATIONS.cornerstoneOffline.url]: { url: `/cornerstone/offline?${LOOKUP_PARAM}=${CS}`, fill: results },
  [DESTINATIONS.cornerstonePibs.url]: { url: `/cornerstone/pibs?${LOOKUP_PARAM}=${CS}`, fill: results },
  [DESTINATIONS.cornerstoneDsvs.url]: { url: `/cornerstone/dsvs?${LOOKUP_PARAM}=${CS}`, fill: results },
  [DESTINATIONS.chromatofPibs.url]: { url: `/chromatof/pibs?${LOOKUP_PARAM}=${KEY}`, fill: results },
  [DESTINATIONS.chromatof.url]: {
    url: '/chromatof',
    fill: async (page) => {
      await page.getByRole('textbox', { name: 'Key ID' }).fill(KEY);
      await page.getByRole('button', { name: 'Find downloads' }).click();
      await expect(page.getByRole('list', { name: 'Downloads' })).toBeVisible();
    },
  },
  [DESTINATIONS.servicePasswordReset.url]: {
    url: DESTINATIONS.servicePasswordReset.url,
    fill: async (page) => {
      await page.getByRole('textbox', { name: 'Registration ID' }).fill(CS);
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('textbox', { name: 'Instrument family' })).toBeVisible();
    },
  },
  [DESTINATIONS.serviceUsage.url]: async (page) => {
    // A download of the day, so the Usage screen has rows in its tables.
    const versions = await (
      await page.request.get('/v1/Cornerstone/versions', { headers: { authorization: `Hasp id=${CS}` } })
    ).json();
    expect((await page.request.get(versions['2.8.1'].offlineInstaller)).status()).toBe(200);
    return {
      url: DESTINATIONS.serviceUsage.url,
      fill: async (page) => {
        // Download records are written in batches, within a second or so: reload until it shows.
        const table = page.getByRole('table', { name: 'Downloads per day by product and version, days with any' });
        await expect(async () => {
          await page.reload();
          await expect(table).toBeVisible({ timeout: 1_000 });
        }).toPass({ timeout: 15_000 });
      },
    };
  },
  // Each staff screen is measured with its data in: what shows it, not the network falling quiet.
  [DESTINATIONS.serviceReleases.url]: {
    url: DESTINATIONS.serviceReleases.url,
    fill: async (page) => {
      await expect(page.getByRole('table', { name: 'Cornerstone versions by family' })).toBeVisible();
    },
  },
  [DESTINATIONS.serviceProductsOptions.url]: {
    url: DESTINATIONS.serviceProductsOptions.url,
    fill: async (page) => {
      await expect(
        page.getByRole('heading', { level: 2, name: /^Cornerstone .* Configurations$/ }).first(),
      ).toBeVisible();
    },
  },
  [DESTINATIONS.serviceMode.url]: {
    url: DESTINATIONS.serviceMode.url,
    fill: async (page) => {
      await expect(page.getByRole('textbox', { name: 'Expiring Response Key' })).toBeVisible();
    },
  },
  [DESTINATIONS.serviceChromatofReleases.url]: {
    url: DESTINATIONS.serviceChromatofReleases.url,
    fill: async (page) => {
      await expect(page.getByRole('table', { name: 'The latest release of each ChromaTOF product' })).toBeVisible();
    },
  },
  [DESTINATIONS.servicePublishing.url]: {
    url: DESTINATIONS.servicePublishing.url,
    fill: async (page) => {
      await expect(page.getByRole('region', { name: 'Published files' }).getByRole('status')).toHaveText(
        /^\d+ files? on this page$/,
      );
      await expect(page.getByRole('region', { name: 'Change history' }).getByRole('row').nth(1)).toBeVisible();
    },
  },
  [DESTINATIONS.serviceAudit.url]: {
    url: DESTINATIONS.serviceAudit.url,
    fill: async (page) => {
      await expect(page.getByText('Chain verified:')).toBeVisible();
      await expect(page.getByRole('table').first()).toBeVisible();
    },
  },
  // With a token just created: shown once with its Copy button, and listed in the table.
  [DESTINATIONS.serviceTokens.url]: {
    url: DESTINATIONS.serviceTokens.url,
    fill: async (page) => {
      await page.getByLabel('Name').fill('narrow-screen pipeline');
      await page.getByRole('button', { name: 'Create token' }).click();
      await expect(page.getByRole('textbox', { name: 'New API token' })).toBeVisible();
      await expect(page.getByRole('row', { name: /narrow-screen pipeline/ }).first()).toBeVisible();
    },
  },
  [DESTINATIONS.servicePeople.url]: {
    url: DESTINATIONS.servicePeople.url,
    fill: async (page) => {
      await expect(page.getByRole('main').getByText(E2E_ADMINS.narrowScreens).first()).toBeVisible();
    },
  },
  [FEED_FILE_PAGE]: async (page) => {
    // An entry of the registration's own feed: the page that shows one file of it.
    const { feed } = await (
      await page.request.get('/v1/feeds/current', { headers: { authorization: `Hasp id=${CS}` } })
    ).json();
    const atom = await (await page.request.get(feed)).text();
    const entry = /href="[^"]*?(\/feed-file\?[^"]+)"/.exec(atom)![1]!.replaceAll('&amp;', '&');
    return {
      url: entry,
      fill: async (page) => {
        await expect(page.getByText('SHA-256').first()).toBeVisible();
      },
    };
  },
  // A draft is opened from the Publishing screen's "New draft", with a form open.
  [PUBLISHING_DRAFT_PAGE]: {
    url: DESTINATIONS.servicePublishing.url,
    fill: async (page) => {
      await page.getByRole('button', { name: 'New draft' }).click();
      await expect(page.getByRole('heading', { name: 'Entries' })).toBeVisible();
      await page.getByText('A new version with its offline installer').click();
      await expect(page.getByLabel(/^Families/)).toBeVisible();
    },
  },
  // A new advisory with an affected release preselected (the component search's link).
  [ADVISORY_PAGES.newDraft]: {
    url: newAdvisoryForReleases([{ kind: 'cornerstone', version: '2.8.1' }]),
    fill: async (page) => {
      await expect(page.getByLabel('CVSS v3.1 vector')).toBeVisible();
      await page.getByLabel('CVSS v3.1 vector').fill('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H');
      await expect(page.getByText('Base score 9.8 Critical')).toBeVisible();
    },
  },
  // A draft: saved from the new-draft page, which then moves to the draft's own address.
  [ADVISORY_PAGES.draft]: {
    url: ADVISORY_PAGES.newDraft,
    fill: async (page) => {
      await page.getByLabel('Title', { exact: true }).fill('Narrow-screen draft');
      await page.getByLabel('Summary', { exact: true }).fill('A draft the narrow-screen check saves.');
      await page.getByLabel('Description').fill('Its one vulnerability, described.');
      await page.getByRole('button', { name: 'Save draft' }).click();
      await expect(page).toHaveURL(/\/service\/security\/drafts\//);
      await expect(page.getByRole('button', { name: 'Preview' })).toBeVisible();
    },
  },
  // The newest published advisory (the demo catalogue carries one).
  [ADVISORY_PAGES.advisory]: async (page) => {
    const { advisories } = (await (await page.request.get(ADVISORY_PATHS.advisories)).json()) as AdvisoryList;
    return {
      url: advisoryPagePath(advisories[0]!.advisoryId),
      fill: async (page) => {
        await expect(page.getByRole('heading', { name: 'Revision history' })).toBeVisible();
      },
    };
  },
  [DOWNLOAD_LINK_PAGE]: { url: `${DOWNLOAD_LINK_PAGE}?problem=expired&from=%2Fcornerstone%2Fpibs` },
  '/*': { url: '/no/such/page' },
  [SIGN_IN_PATHS.landing]: { url: SIGN_IN_PATHS.landing },
};

/**
 * What sticks out sideways: the page's own scroll width, and every visible element that
 * reaches past either edge of the viewport without being inside a box that scrolls sideways
 * (a wide table's region). A box that scrolls a table must keep the table's first column in
 * view (sticky).
 */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement!;
    const width = root.clientWidth;
    const describe = (element: Element) => {
      const id = element.id ? `#${element.id}` : '';
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes} "${text}"`;
    };
    const scrollsSideways = (element: Element) => ['auto', 'scroll'].includes(getComputedStyle(element).overflowX);
    const sticking: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width < 2 || box.height < 2) continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      let ancestor = element.parentElement;
      while (ancestor && ancestor !== document.body && !scrollsSideways(ancestor)) ancestor = ancestor.parentElement;
      if (ancestor && ancestor !== document.body) continue;
      sticking.push(`${describe(element)} spans ${Math.round(box.left)}..${Math.round(box.right)} px`);
    }
    const firstColumnLost: string[] = [];
    for (const scroller of document.body.querySelectorAll('*')) {
      if (!scrollsSideways(scroller) || scroller.scrollWidth <= scroller.clientWidth) continue;
      for (const row of scroller.querySelectorAll('table tr')) {
        const first = row.firstElementChild;
        if (first && getComputedStyle(first).position !== 'sticky') {
          firstColumnLost.push(describe(first));
          break;
        }
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, sticking, firstColumnLost };
  });
}

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
  const plan = VISITS[path];
  const { url, fill } = typeof plan === 'function' ? await plan(page) : (plan ?? { url: path });
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
  expect(routePaths).toEqual(expect.arrayContaining(['/', '/*', SIGN_IN_PATHS.landing, FEED_FILE_PAGE]));
  expect(Object.keys(VISITS).filter((path) => !routePaths.includes(path))).toEqual([]);
  // Every staff tool of the registry is a route, and so is measured as an administrator.
  const staffTools = Object.values(DESTINATIONS).filter((destination) => destination.access !== undefined);
  expect(staffTools.map((destination) => destination.url).filter((url) => !routePaths.includes(url))).toEqual([]);
});

// A draft of the Publishing screen, and a new or saved advisory draft, are staff screens with
// no place in the registry (their address has the draft's ID, or a query).
const staffPaths = routePaths.filter((path) => {
  if (path === PUBLISHING_DRAFT_PAGE || path === ADVISORY_PAGES.newDraft || path === ADVISORY_PAGES.draft) return true;
  const name = destinationAt(path);
  return name !== undefined && DESTINATIONS[name].access !== undefined;
});

for (const path of routePaths.filter((path) => !staffPaths.includes(path))) {
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
