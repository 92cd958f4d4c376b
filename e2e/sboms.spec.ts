import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page } from '@playwright/test';
import { acceptProblems, answeredWith, signInPage, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { gotoHydrated, gotoInitialized } from './public-pages';
import { newStaffMember } from './publishers';

// Issue 35's "Done when": a version published with its SBOM through a draft, offered to the
// customer beside the installer, and the staff's component search over the demo releases.
// What the draft publishes is seen only by DEMO-DEV-1003 (family TGA, flag Dev), as in
// publishing-drafts.spec.ts, under a version name of its own.
const DEV_ID = 'DEMO-DEV-1003';

/** A CycloneDX 1.6 SBOM of two components, one of them named for this run alone. */
function sbomOf(version: string, library: string): string {
  const component = (name: string, libraryVersion: string) => ({
    type: 'library',
    name,
    version: libraryVersion,
    purl: `pkg:generic/${name}@${libraryVersion}`,
  });
  return JSON.stringify(
    {
      bomFormat: 'CycloneDX',
      specVersion: '1.6',
      version: 1,
      metadata: { component: { type: 'application', name: 'Cornerstone', version } },
      components: [component(library, '1.0.0'), component('zlib', '1.3.1')],
    },
    null,
    2,
  );
}

/** Publishes the previewed draft: a publish refused as stale (another spec published) is sent again. */
async function publishPreviewed(page: Page) {
  await expect(async () => {
    if (!/\?change=/.test(page.url())) await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL(/\/service\/publishing\?change=\d+$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

test('a publisher adds a version with its installer and SBOM in a draft and publishes it; the customer downloads the SBOM; staff find the demo releases that ship OpenSSL, narrowed by a version range', async ({
  page,
  browser,
  pageProblems,
}, testInfo) => {
  test.setTimeout(120_000);
  // A publisher who also drafts advisories: the search offers to draft one for the releases found.
  await signInPage(page, await newStaffMember(E2E_ADMINS.sboms, ['publisher', 'security']));
  const version = `8.${Number.parseInt(randomUUID().slice(0, 6), 16)}.0`;
  const library = `e2e-sbom-${randomUUID().slice(0, 8)}`;
  const installerPath = testInfo.outputPath(`Cornerstone-${version}-Offline.zip`);
  const sbomPath = testInfo.outputPath(`cornerstone-${version}.cdx.json`);
  await writeFile(installerPath, randomBytes(64 * 1024));
  await writeFile(sbomPath, sbomOf(version, library));

  await gotoHydrated(page, '/service/publishing');
  await page.getByRole('button', { name: 'New draft' }).click();
  await expect(page).toHaveURL(/\/service\/publishing\/drafts\/[0-9a-f-]{36}$/);
  await page.getByText('A new version with its offline installer').click();
  const form = page.locator('details', { hasText: 'A new version with its offline installer' });
  await form.getByLabel(/^Version/).fill(version);
  await form.getByLabel(/^Families/).fill('Dev');
  await form.getByLabel(/^Release date/).fill('2026-11-20');
  await form.getByLabel(/^Offline installer/).setInputFiles(installerPath);
  await form.getByLabel(/^Software bill of materials/).setInputFiles(sbomPath);
  await form.getByRole('button', { name: 'Add to draft' }).click();
  await expect(form.getByRole('status')).toHaveText('Added to the draft.', { timeout: 30_000 });
  const files = page.getByRole('region', { name: 'Files' });
  for (const name of [`Cornerstone-${version}-Offline.zip`, `cornerstone-${version}.cdx.json`]) {
    await expect(files.getByRole('listitem', { name })).toContainText('Uploaded', { timeout: 30_000 });
  }

  await page.getByLabel('Registration ID (optional)').fill(DEV_ID);
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(page.getByRole('group', { name: 'Versions after publishing' })).toContainText(`${version} (new)`);
  await publishPreviewed(page);

  // The customer finds the SBOM beside the installer, and its bytes are the uploaded ones.
  const customerContext = await browser.newContext({ baseURL: process.env.PORTAL_URL });
  const customer = await customerContext.newPage();
  await gotoInitialized(customer, `/cornerstone/offline?registrationId=${DEV_ID}`);
  const sbomLink = customer.getByRole('link', {
    name: `Software bill of materials (CycloneDX 1.6, 2 components) of Cornerstone ${version}`,
  });
  await expect(sbomLink).toBeVisible();
  const downloaded = await customer.request.get((await sbomLink.getAttribute('href'))!);
  expect(downloaded.status()).toBe(200);
  expect((await downloaded.body()).equals(await readFile(sbomPath))).toBe(true);
  await customerContext.close();

  // A staff member searches for OpenSSL and finds the demo releases with their versions.
  await gotoHydrated(page, '/service/components');
  await page.getByRole('textbox', { name: 'Component', exact: true }).fill('openssl');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/service\/components\?q=openssl/);
  const rows = page.getByRole('region', { name: 'Components found' }).getByRole('row');
  const row = (release: string) => rows.filter({ has: page.getByRole('rowheader', { name: release, exact: true }) });
  await expect(row('Cornerstone 2.10.0')).toContainText('3.0.13');
  await expect(row('Cornerstone 2.8.1')).toContainText('1.1.1w');
  await expect(row('ChromaTOF 6.1.0')).toContainText('3.0.8');

  // A version range narrows the list to the releases with OpenSSL 1.1.1.
  await page.getByRole('textbox', { name: 'Version', exact: true }).fill('vers:generic/>=1.1.1|<3.0.0');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row('Cornerstone 2.10.0')).toHaveCount(0);
  await expect(row('Cornerstone 2.8.1')).toContainText('pkg:generic/openssl@1.1.1w');
  await expect(rows).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Draft an advisory for these releases' })).toHaveAttribute(
    'href',
    '/service/security/new?affected=cornerstone%3A2.8.1',
  );

  // The new release is found by its own component too.
  await page.getByRole('textbox', { name: 'Component', exact: true }).fill(library);
  await page.getByRole('textbox', { name: 'Version', exact: true }).fill('');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(row(`Cornerstone ${version}`)).toContainText('1.0.0');
  // A publish refused as stale (409: another spec published since the preview) was sent again
  // by publishPreviewed; that refusal is the only problem the page may have logged.
  acceptProblems(pageProblems, answeredWith(409));
});
