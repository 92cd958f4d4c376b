import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { E2E_MAKER_NAME } from './global-setup';
import { gotoHydrated } from './public-pages';

const main = (page: Page) => page.getByRole('main');

/** A link that leaves the site in a new tab that cannot reach back into this one. */
async function expectLeavesSafely(link: Locator, href: RegExp | string) {
  await expect(link).toHaveAttribute('href', href);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

/** Opens a help dialog with the keyboard, checks it, closes it with Escape: focus goes back to the opener. */
async function openHelp(page: Page, label: string, title: string, ...texts: (string | RegExp)[]) {
  const opener = page.getByRole('button', { name: label });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  for (const text of texts) await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // The page has taken the close in too (the close event arrives after the dialog hides).
  await expect(opener).toHaveAttribute('aria-expanded', 'false');
}

test('Home offers the four product areas as tiles, then what is new and where to find your files', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/');
  const headings = main(page).getByRole('heading', { level: 2 });
  await expect(headings).toHaveText([
    'Cornerstone',
    'ChromaTOF',
    'Cornerstone Mobile',
    'Metallographics',
    "What's new",
    'Find your files',
  ]);
  await main(page).getByRole('link', { name: 'Metallographics' }).click();
  await expect(page).toHaveURL(/\/metallographics$/);
  expect(pageProblems).toEqual([]);
});

test('Cornerstone: web installer straight from the content host, offline installer, DSVs, Windows notice, remote control', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/cornerstone');
  const download = main(page).getByRole('link', { name: 'Download the web installer' });
  await expect(download).toHaveAttribute('href', /^https:\/\/.+\.exe$/);
  await expect(download).toHaveAttribute('download', '');
  await expect(main(page).getByRole('link', { name: 'Get the offline installer' })).toHaveAttribute(
    'href',
    '/cornerstone/offline',
  );
  await expect(main(page).getByRole('link', { name: /Declaration of Software Validation/ })).toHaveAttribute(
    'href',
    '/cornerstone/dsvs',
  );
  await expect(main(page).getByRole('link', { name: /Product Information Bulletins/ })).toHaveAttribute(
    'href',
    '/cornerstone/pibs',
  );
  await expect(page.getByRole('complementary', { name: 'Windows security and updates' })).toContainText(
    'security updates',
  );
  await expect(main(page).getByRole('heading', { name: 'Remote control sample application' })).toBeVisible();
  await expect(
    main(page).getByRole('link', { name: 'Download the remote control sample application' }),
  ).toHaveAttribute('href', /^https:\/\//);
  expect(pageProblems).toEqual([]);
});

test('Cornerstone Mobile: three stores, each leaving the site, and the subscription details', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/cornerstone/mobile');
  await expectLeavesSafely(main(page).getByRole('link', { name: /iOS App Store/ }), /^https:\/\/apps\.apple\.com\//);
  await expectLeavesSafely(
    main(page).getByRole('link', { name: /Android Google Play/ }),
    /^https:\/\/play\.google\.com\//,
  );
  await expectLeavesSafely(
    main(page).getByRole('link', { name: /Windows Microsoft Store/ }),
    /^https:\/\/apps\.microsoft\.com\//,
  );
  await expect(main(page).getByRole('link', { name: /App Store/ })).toHaveAccessibleName(/opens in a new tab/);
  await openHelp(
    page,
    'More details',
    'Cornerstone Mobile subscriptions',
    'sold per instrument',
    'one- or three-year terms',
  );
  expect(pageProblems).toEqual([]);
});

test('ChromaTOF: key ID required and trimmed, the Where is this? dialog, and the PIBs link', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/chromatof');
  await expect(main(page)).toContainText('mass spectrometers');
  const keyId = page.getByRole('textbox', { name: 'Key ID' });
  const find = page.getByRole('button', { name: 'Find downloads' });

  await keyId.fill('   ');
  await find.click();
  await expect(page.getByText('Please enter your key ID.')).toBeVisible();
  await expect(keyId).toHaveAttribute('aria-invalid', 'true');
  await expect(keyId).toHaveAccessibleDescription('Please enter your key ID.');
  await expect(keyId).toBeFocused();

  // DEMO-KEY-2002 may download nothing (docs/demo-data.md).
  await keyId.fill('  DEMO-KEY-2002  ');
  await find.click();
  await expect(page.getByText('Please enter your key ID.')).toHaveCount(0);
  await expect(page.getByRole('status')).toHaveText('No downloads are available for this key');

  await openHelp(
    page,
    'Where is this?',
    'Where is my key ID?',
    "the 'i' icon at the upper right",
    'About dialog',
    "'Copy Protection Key'",
  );
  await expect(main(page).getByRole('link', { name: 'Find the PIBs for your ChromaTOF' })).toHaveAttribute(
    'href',
    '/chromatof/pibs',
  );
  expect(pageProblems).toEqual([]);
});

test('Metallographics: PX, MX and CX tiles lead to the series pages', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/metallographics');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText(['PX Series', 'MX Series', 'CX Series']);
  await expect(main(page)).toContainText('PX400 and PX500');
  await expect(main(page)).toContainText('Mounting presses');
  await expect(main(page)).toContainText('Cutting-off machines');
  await main(page).getByRole('link', { name: 'CX Series' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('CX Series');
  expect(pageProblems).toEqual([]);
});

test('PX series: firmware, methods manager, simulator and product page', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/metallographics/px');
  await expectLeavesSafely(main(page).getByRole('link', { name: /PX methods manager/ }), /^https:\/\//);
  await expectLeavesSafely(main(page).getByRole('link', { name: /PX simulator/ }), /^https:\/\//);
  await expectLeavesSafely(main(page).getByRole('link', { name: /PX product page/ }), /^https:\/\//);
  await main(page).getByRole('link', { name: 'PX firmware download and update instructions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('PX Firmware');
  expect(pageProblems).toEqual([]);
});

for (const series of ['MX', 'CX']) {
  test(`${series} series: firmware and simulator only`, async ({ page, pageProblems }) => {
    await gotoHydrated(page, `/metallographics/${series.toLowerCase()}`);
    await expect(
      main(page).getByRole('link', { name: `${series} firmware download and update instructions` }),
    ).toHaveAttribute('href', `/metallographics/${series.toLowerCase()}/firmware`);
    await expectLeavesSafely(main(page).getByRole('link', { name: new RegExp(`${series} simulator`) }), /^https:\/\//);
    await expect(main(page).getByRole('link', { name: /methods manager|product page/ })).toHaveCount(0);
    expect(pageProblems).toEqual([]);
  });
}

for (const series of ['PX', 'MX', 'CX']) {
  test(`${series} firmware: four update steps and the four help dialogs`, async ({ page, pageProblems }) => {
    await gotoHydrated(page, `/metallographics/${series.toLowerCase()}/firmware`);
    await expect(page).toHaveTitle(`${series} Firmware | ${E2E_MAKER_NAME} Software`);
    await expect(main(page).getByRole('heading', { name: `Latest ${series} firmware` })).toBeVisible();
    const steps = main(page)
      .getByRole('list')
      .filter({ has: page.getByRole('heading', { name: 'Download' }) });
    await expect(steps.getByRole('heading', { level: 3 })).toHaveText([
      'Download',
      'Back up your settings',
      'Install',
      'Restore your settings',
    ]);
    await expect(steps).toContainText('Export');
    await expect(steps).toContainText('Upgrade');
    await expect(steps).toContainText('Import');

    await openHelp(page, 'Which USB drive can I use?', 'Which USB drive can I use?', 'FAT32', '32GB or smaller');
    await openHelp(page, 'Where does the file go?', 'Where does the file go?', 'update.zip', 'root of the drive');
    await openHelp(page, 'Where is the USB port?', 'Where is the USB port?', `On the ${series}, the USB port is`);
    await openHelp(page, 'What if the upgrade freezes?', 'What if the upgrade freezes?', 'switch the instrument off');
    expect(pageProblems).toEqual([]);
  });
}

test('a help dialog also closes with its Close button and by clicking outside it', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/metallographics/mx/firmware');
  const opener = page.getByRole('button', { name: 'Where does the file go?' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Where does the file go?' });
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await opener.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(5, 400);
  await expect(dialog).toBeHidden();
  expect(pageProblems).toEqual([]);
});

test('Service: the external instrument service link, and the staff tools behind sign-in', async ({
  page,
  pageProblems,
}) => {
  await gotoHydrated(page, '/service');
  await expectLeavesSafely(main(page).getByRole('link', { name: /Go to instrument service/ }), /^https:\/\//);
  const tools = page.getByRole('region', { name: 'Tools for company employees and service staff' });
  await expect(tools.getByRole('heading', { name: "You'll need to sign in" })).toBeVisible();
  await expect(tools.getByRole('link', { name: 'Service Mode' })).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});

test('Privacy: the eight sections and every promise of the policy', async ({ page, pageProblems }) => {
  await gotoHydrated(page, '/privacy');
  await expect(main(page).getByRole('heading', { level: 2 })).toHaveText([
    'Information we collect',
    'How we get it',
    'What we do with it',
    'Third parties',
    'Cookies',
    'Local storage',
    'Analytics',
    'Young people',
  ]);
  const section = (name: string) => page.getByRole('region', { name });
  await expect(section('Information we collect')).toContainText('e-mail addresses of company employees');
  await expect(section('How we get it')).toContainText('passwordless: we e-mail you a link');
  await expect(section('Third parties')).toContainText('third-party e-mail sending service');
  await expect(section('Cookies')).toHaveText(/This site uses no cookies\./);
  await expect(section('Local storage')).toContainText('local storage');
  await expect(section('Local storage')).toContainText('until you sign out');
  await expect(section('Analytics')).toContainText('anonymous');
  await expect(section('Analytics')).toContainText('each page load gets a new, random session');
  await expect(section('Analytics')).toContainText('the error is recorded');
  await expect(section('Young people')).toContainText('We do not knowingly process any information about children');
  expect(pageProblems).toEqual([]);
});

test('an unknown path under a product area gets the not-found page with status 404', async ({ page, pageProblems }) => {
  const response = await gotoHydrated(page, '/metallographics/zx');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('The page you were looking for cannot be found.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  expect(pageProblems).toEqual([]);
});
