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
import routes, { HOME_IN_LANGUAGE } from '../apps/web/app/routes';
import {
  DESTINATIONS,
  LOOKUP_PARAM,
  PUBLISHING_DRAFT_PAGE,
  type DestinationName,
} from '../apps/web/app/shared/navigation/navigation';
import { expect } from './fixtures';
import { E2E_ADMINS } from './global-setup';

// Every page of the web app's route table (apps/web/app/routes.ts), and how each is opened to
// show what it is for: one table for the specs that visit them all (narrow-screens.spec.ts,
// shell.spec.ts).

/** IDs with results in the demo data (docs/demo-data.md). */
export const CS = 'DEMO-CS-1001';
export const KEY = 'DEMO-KEY-2001';

/** Every path of the route table, '/'-rooted; the catch-all is the not-found page. */
export const ROUTE_PATHS = (routes as { id?: string; path?: string; index?: boolean }[])
  // Each language's Home is Home (decision 281): its pages are visited by e2e/languages.spec.ts.
  .filter((route) => !route.id?.startsWith(HOME_IN_LANGUAGE))
  .map((route) => (route.index ? '/' : `/${route.path!.replace(/^:lang\?\//, '')}`));

export const destinationAt = (path: string) =>
  (Object.keys(DESTINATIONS) as DestinationName[]).find((name) => DESTINATIONS[name].url === path);

/**
 * What a page needs to show what it is for, beyond being opened: the address with the query
 * that fills it, and what to do and wait for. A page not named here is opened as it is.
 */
export interface Visit {
  url: string;
  /** Run after the page has loaded, before the measurement: fill a form, wait for results. */
  fill?: (page: Page) => Promise<void>;
}

/** A lookup opened with an ID in its address shows its results. */
const results = async (page: Page) => {
  await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
};

export const VISITS: Partial<Record<string, Visit | ((page: Page) => Promise<Visit>)>> = {
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

/** How `path` is opened: its plan in VISITS, else its own address. */
export async function planVisit(page: Page, path: string): Promise<Visit> {
  const plan = VISITS[path];
  return typeof plan === 'function' ? await plan(page) : (plan ?? { url: path });
}
