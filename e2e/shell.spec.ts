import type { Page, Request } from '@playwright/test';
import { ADVISORY_PAGES, LANGUAGES, pathInLanguage, SIGN_IN_PATHS } from '@portal/contracts';
import { DESTINATIONS } from '../apps/web/app/shared/navigation/navigation';
import { acceptProblems, answeredWith, expect, test } from './fixtures';
import { CUSTOMER_PAGE_JS_BUDGET_KB, HOME_BUDGET_KB, responseBytes } from '../test-kit/page-budgets';
import { E2E_MAKER_NAME } from './global-setup';
import { planVisit, ROUTE_PATHS, VISITS } from './page-visits';
import {
  PUBLIC_PAGES,
  STAFF_PAGES,
  gotoHydrated,
  gotoInitialized,
  layoutShift,
  recordLayoutShift,
} from './public-pages';

test.describe('menu', () => {
  test('groups with several pages are dropdowns; Service is a plain link', async ({ page, pageProblems }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const group of ['Cornerstone', 'ChromaTOF', 'Metallographics']) {
      await expect(nav.getByRole('button', { name: group })).toHaveAttribute('aria-expanded', 'false');
    }
    await expect(nav.getByRole('link', { name: 'Service' })).toHaveAttribute('href', '/service');
    await expect(nav.getByRole('link', { name: 'PIBs' })).toBeHidden();
    expect(pageProblems).toEqual([]);
  });

  test('a dropdown works from the keyboard: Enter opens, arrows move, Escape closes and returns focus', async ({
    page,
    pageProblems,
  }) => {
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const cornerstone = nav.getByRole('button', { name: 'Cornerstone' });
    await cornerstone.focus();
    await page.keyboard.press('Enter');
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'true');
    const items = nav
      .getByRole('list')
      .filter({ has: page.getByRole('link', { name: 'Cornerstone Mobile' }) })
      .last();
    await expect(items.getByRole('link')).toHaveText([
      'Cornerstone',
      'Cornerstone Mobile',
      'Offline Installer',
      'PIBs',
      'Declaration of Software Validation',
    ]);

    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Cornerstone', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'Cornerstone Mobile' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'false');
    await expect(cornerstone).toBeFocused();

    // Tab moves on through the open dropdown's links, and leaving it closes it.
    await page.keyboard.press('Space');
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'true');
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Declaration of Software Validation' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('button', { name: 'ChromaTOF' })).toBeFocused();
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'false');

    // Enter on a link navigates, and the menu collapses.
    await page.keyboard.press('Enter');
    await page.keyboard.press('ArrowDown');
    await expect(nav.getByRole('link', { name: 'ChromaTOF', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ChromaTOF');
    await expect(nav.getByRole('button', { name: 'ChromaTOF' })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('button', { name: 'ChromaTOF' })).toHaveAttribute('aria-current', 'true');
    // Focus starts at the new page's content, not lost with the closed dropdown's link.
    await expect(page.getByRole('main')).toBeFocused();
    expect(pageProblems).toEqual([]);
  });

  test('one dropdown at a time; a click elsewhere closes it', async ({ page, pageProblems }) => {
    await gotoHydrated(page, '/privacy');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Cornerstone' }).click();
    await nav.getByRole('button', { name: 'Metallographics' }).click();
    await expect(nav.getByRole('button', { name: 'Cornerstone' })).toHaveAttribute('aria-expanded', 'false');
    await expect(nav.getByRole('button', { name: 'Metallographics' })).toHaveAttribute('aria-expanded', 'true');
    await page.getByRole('heading', { level: 1 }).click();
    await expect(nav.getByRole('button', { name: 'Metallographics' })).toHaveAttribute('aria-expanded', 'false');
    expect(pageProblems).toEqual([]);
  });

  test('the firmware pages are never menu items, yet highlight their group', async ({ page, pageProblems }) => {
    await gotoHydrated(page, '/metallographics/px/firmware');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const metallographics = nav.getByRole('button', { name: 'Metallographics' });
    await expect(metallographics).toHaveAttribute('aria-current', 'true');
    await expect(nav.getByRole('button', { name: 'Cornerstone' })).not.toHaveAttribute('aria-current');
    await metallographics.click();
    await expect(nav.getByRole('link', { name: /Series$/ })).toHaveText(['PX Series', 'MX Series', 'CX Series']);
    await expect(nav.getByRole('link', { name: /Firmware/ })).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('the active group follows the path, the query string aside', async ({ page }) => {
    await page.goto('/cornerstone/mobile?from=mail');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('button', { name: 'Cornerstone' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/service/cornerstone/releases');
    await expect(nav.getByRole('link', { name: 'Service' })).toHaveAttribute('aria-current', 'true');
    await page.goto('/service');
    await expect(nav.getByRole('link', { name: 'Service' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/');
    await expect(nav.locator('[aria-current]')).toHaveCount(0);
  });

  test('on a narrow screen the menu hides behind a toggle and collapses on navigation', async ({
    page,
    pageProblems,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const cornerstone = page.getByRole('button', { name: 'Cornerstone' });
    await expect(cornerstone).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await cornerstone.click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Cornerstone Mobile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cornerstone Mobile');
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(cornerstone).toBeHidden();
    await toggle.click();
    await toggle.click();
    await expect(cornerstone).toBeHidden();

    // From the keyboard: Escape closes an open dropdown first, then the menu itself.
    await toggle.click();
    await cornerstone.focus();
    await page.keyboard.press('Enter');
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(cornerstone).toHaveAttribute('aria-expanded', 'false');
    await expect(cornerstone).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cornerstone).toBeHidden();
    await expect(toggle).toBeFocused();
    expect(pageProblems).toEqual([]);
  });
});

test.describe('breadcrumbs', () => {
  test('lead from Home to the current page, and are not on Home', async ({ page, pageProblems }) => {
    await page.goto('/metallographics/mx/firmware');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', 'Metallographics', 'MX Series', 'MX Firmware']);
    await expect(trail.getByText('MX Firmware')).toHaveAttribute('aria-current', 'page');
    await trail.getByRole('link', { name: 'MX Series' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('MX Series');
    await expect(trail.getByRole('listitem')).toHaveText(['Home', 'Metallographics', 'MX Series']);
    await trail.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${E2E_MAKER_NAME} Software`);
    await expect(trail).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('show on a browser-only staff page once it has loaded', async ({ page, pageProblems }) => {
    await page.goto('/service/cornerstone/service-mode');
    const trail = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(trail.getByRole('listitem')).toHaveText(['Home', 'Service', 'Service Mode']);
    expect(pageProblems).toEqual([]);
  });
});

test('the footer carries the copyright and a privacy link', async ({ page, pageProblems }) => {
  await page.goto('/cornerstone');
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${E2E_MAKER_NAME}`);
  await footer.getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page).toHaveTitle(`Privacy | ${E2E_MAKER_NAME} Software`);
  expect(pageProblems).toEqual([]);
});

test('the skip link jumps past the menu to the content', async ({ page }) => {
  await gotoHydrated(page, '/chromatof');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});

test('each page sets its title, and going back restores the previous one', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Metallographics' }).first().click();
  await expect(page).toHaveTitle(`Metallographics | ${E2E_MAKER_NAME} Software`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /PX, MX and CX/);
  await page.goBack();
  await expect(page).toHaveTitle(`${E2E_MAKER_NAME} Software`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /Installers, bulletins/);
  expect(pageProblems).toEqual([]);
});

test('a link scrolls to the top of the next page; Back returns to where the visitor was', async ({
  page,
  pageProblems,
}) => {
  await page.setViewportSize({ width: 360, height: 640 });
  await gotoHydrated(page, '/privacy');
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(500);
  // A click where the link is, without Playwright first scrolling it into view.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).dispatchEvent('click');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${E2E_MAKER_NAME} Software`);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(pageProblems).toEqual([]);
});

const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';

test('Back to lookup results returns to where the visitor was; a link to another page starts at its top', async ({
  page,
  pageProblems,
}) => {
  await page.setViewportSize({ width: 360, height: 480 });
  await gotoInitialized(page, '/cornerstone/pibs?registrationId=DEMO-CS-1001');
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(scrolled);
  expect(pageProblems).toEqual([]);
});

test.describe('outdated Internet Explorer', () => {
  test.use({ userAgent: IE11 });

  test('gets a dismissible notice suggesting Chrome or Firefox, with more details', async ({ page, pageProblems }) => {
    await page.goto('/');
    const notice = page.getByRole('region', { name: 'Your browser is out of date' });
    await expect(notice).toContainText('Please use Google Chrome or Mozilla Firefox.');
    const details = notice.getByRole('button', { name: 'More details' });
    await details.click();
    const dialog = page.getByRole('dialog', { name: 'Why Chrome or Firefox?' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(details).toBeFocused();
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await expect(notice).toHaveCount(0);

    // Dismissed for the session: not on a reload, nor on the next page opened in this tab.
    await gotoHydrated(page, '/privacy');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
    await page.reload();
    await page.waitForFunction(() => '__reactRouterDataRouter' in window);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy');
    await expect(notice).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });

  test('shows the notice again in a new session', async ({ browser }) => {
    const context = await browser.newContext({ userAgent: IE11 });
    const first = await context.newPage();
    await first.goto(process.env.PORTAL_URL!);
    await first.getByRole('button', { name: 'Dismiss' }).click();
    // Another tab is another session (sessionStorage is per tab).
    const second = await context.newPage();
    await second.goto(process.env.PORTAL_URL!);
    await expect(second.getByRole('region', { name: 'Your browser is out of date' })).toBeVisible();
    await context.close();
  });
});

test('a current browser sees no outdated-browser notice, and Home loads no dialog code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await gotoHydrated(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('Your browser is out of date')).toHaveCount(0);
  expect(scripts.filter((url) => /dialog|old-browser/.test(url))).toEqual([]);
});

// What a browser fetches for `url` until the network is idle, the telemetry collector (loaded once
// the browser is idle, on every page) included, and whatever `shown` waits for first (a lookup's
// results). Read by URL afterwards: a response body asked for from an event can still be pending
// when the test ends, and fails it.
async function fetchesByNetworkIdle(page: Page, url: string, shown?: (page: Page) => Promise<void>) {
  const fetched = { script: new Set<string>(), stylesheet: new Set<string>() };
  const record = (request: Request) => {
    const type = request.resourceType();
    if (type === 'script' || type === 'stylesheet') fetched[type].add(request.url());
  };
  page.on('request', record);
  // The collector's chunk is named after features/telemetry/start-telemetry.ts.
  const collector = page.waitForRequest((request) => /\/start-telemetry-[\w-]+\.js$/.test(request.url()));
  await gotoHydrated(page, url);
  await collector;
  await shown?.(page);
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  return fetched;
}

/**
 * Every page of the route table a customer may open: all but the staff screens, under
 * /service/, and the staff sign-in landing. The service hub itself is public.
 */
const CUSTOMER_PATHS = ROUTE_PATHS.filter(
  (path) => !path.startsWith(`${DESTINATIONS.service.url}/`) && path !== SIGN_IN_PATHS.landing,
);

// The browser never validates with the contracts' TypeBox schemas (decision 165): a contracts
// module that mixes what a page needs with schemas the bundler must keep (`.map`, a helper's
// call, a `.properties` read) brings TypeBox (about 12 KB gzip) onto that page, which is why
// what the web app needs lives in modules without schemas (packages/contracts/src/README.md).
// `maxInstantiationCount` is one of TypeBox's settings, written into any build of it. Every
// customer page, one after another in one page, lookups with their results: each names the
// scripts it loaded that carry it, and is held to its JavaScript budget (issue 51), counted as
// Home's below.
const TYPEBOX_MARKER = 'maxInstantiationCount';

test('no customer page loads the schema library, and each keeps to its JavaScript budget', async ({ page }) => {
  test.setTimeout(30_000 + CUSTOMER_PATHS.length * 10_000);
  expect(CUSTOMER_PATHS).toEqual(expect.arrayContaining(['/', DESTINATIONS.service.url, ADVISORY_PAGES.advisory]));
  // A route with a parameter, or the catch-all, is opened only as its plan says.
  expect(CUSTOMER_PATHS.filter((path) => /[:*]/.test(path) && !VISITS[path])).toEqual([]);
  expect(
    CUSTOMER_PATHS.filter((path) => CUSTOMER_PAGE_JS_BUDGET_KB[path] === undefined),
    'routes without a budget',
  ).toEqual([]);
  const carriesTypeBox = new Map<string, Promise<boolean>>();
  const gzipBytes = new Map<string, Promise<number>>();
  const found: string[] = [];
  const overBudget: string[] = [];
  for (const path of CUSTOMER_PATHS) {
    await test.step(path, async () => {
      const { url, fill } = await planVisit(page, path);
      const { script } = await fetchesByNetworkIdle(page, url, fill);
      expect(script.size, `${url} loaded its scripts`).toBeGreaterThan(1);
      let bytes = 0;
      for (const scriptUrl of script) {
        if (!gzipBytes.has(scriptUrl))
          gzipBytes.set(
            scriptUrl,
            responseBytes(scriptUrl, 'gzip').then((body) => body.length),
          );
        bytes += await gzipBytes.get(scriptUrl)!;
        if (!carriesTypeBox.has(scriptUrl)) {
          const carries = responseBytes(scriptUrl, 'identity').then((body) => body.toString().includes(TYPEBOX_MARKER));
          carriesTypeBox.set(scriptUrl, carries);
        }
        if (await carriesTypeBox.get(scriptUrl)) found.push(`${url} loads ${new URL(scriptUrl).pathname}`);
      }
      const kilobytes = bytes / 1024;
      test.info().annotations.push({
        type: 'bytes',
        description: `${url}: ${kilobytes.toFixed(1)} KB of JavaScript in ${script.size} files`,
      });
      if (kilobytes > CUSTOMER_PAGE_JS_BUDGET_KB[path]!) {
        overBudget.push(`${url} loads ${kilobytes.toFixed(1)} KB, over its ${CUSTOMER_PAGE_JS_BUDGET_KB[path]} KB`);
      }
    });
  }
  expect(found).toEqual([]);
  expect(overBudget).toEqual([]);
});

// Home's budget (docs/web-app.md; decision 252), counted as the portal sends it to a client that
// accepts gzip only, in every language (decision 281), each read by a browser that asks for it
// (so no offer of another language loads). The count the Lighthouse bench prints, without
// Lighthouse: the bytes are the build's, the same on any machine.
for (const language of LANGUAGES) {
  test.describe(`Home in ${language}`, () => {
    test.use({ locale: language === 'zh-Hans' ? 'zh-CN' : language });

    test(`Home's JavaScript and CSS stay within their budget by network idle (${language})`, async ({ page }) => {
      const path = pathInLanguage('/', language);
      const fetched = await fetchesByNetworkIdle(page, path);
      const kilobytes = async (urls: Set<string>) => {
        const sizes = await Promise.all([...urls].map(async (url) => (await responseBytes(url, 'gzip')).length));
        return sizes.reduce((sum, size) => sum + size, 0) / 1024;
      };
      const js = await kilobytes(fetched.script);
      const css = await kilobytes(fetched.stylesheet);
      expect(fetched.script.size).toBeGreaterThan(1);
      test.info().annotations.push({
        type: 'bytes',
        description: `${path}: ${js.toFixed(1)} KB of JavaScript in ${fetched.script.size} files, ${css.toFixed(1)} KB of CSS`,
      });
      expect(
        js,
        `'${path}' fetched ${js.toFixed(1)} KB of JavaScript in ${fetched.script.size} files`,
      ).toBeLessThanOrEqual(HOME_BUDGET_KB.js);
      expect(css, `'${path}' fetched ${css.toFixed(1)} KB of CSS`).toBeLessThanOrEqual(HOME_BUDGET_KB.css);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, heading, title } of PUBLIC_PAGES) {
    test(`${path} is prerendered with its title, heading and menu`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Service' })).toBeVisible();
    });
  }
});

for (const { path, heading } of STAFF_PAGES) {
  test(`${path} shows its heading and asks a signed-out visitor to sign in`, async ({ page, pageProblems }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    await expect(page.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
    await expect(page.getByText('This tool is not available')).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });
}

/** A bearer the browser reads as signed in (the server is not asked on these pages). */
function bearerFor(email: string) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 90 * 24 * 3600;
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ email, exp })}.signature`;
}

test('a sign-in the server refuses ends at the sign-in widget, on the Service page and on a tool', async ({
  page,
  pageProblems,
}) => {
  // A bearer the browser takes for a sign-in, which the server has never issued.
  await page.addInitScript((token) => window.localStorage.setItem('bearer', token), bearerFor('tester@example.com'));
  await page.goto('/service');
  // The page asks for the person's roles (which tiles to show); the 401 clears the stored bearer.
  const tools = page.getByRole('region', { name: 'Tools for company employees and service staff' });
  await expect(tools.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  // The init script stores the bearer again before this page loads.
  await page.goto('/service/cornerstone/service-mode');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Service Mode');
  // SPEC §4: a 401 clears the stored bearer, and the tool gives way to the sign-in widget.
  await expect(page.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  expect(acceptProblems(pageProblems, answeredWith(401)).length).toBeGreaterThan(0);
});

for (const path of ['/', '/cornerstone', '/service', '/service/cornerstone/releases']) {
  test(`${path} does not shift its layout while it hydrates`, async ({ page, pageProblems }) => {
    await recordLayoutShift(page);
    await gotoHydrated(page, path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForTimeout(500);
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(pageProblems).toEqual([]);
  });
}
