import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE,
  DRAFT_NOT_A_MANIFEST_MESSAGE,
  fileTooLargeMessage,
  PUBLISHING_PATHS,
  type CatalogueManifest,
  type Draft,
  type DraftPreview,
  type PublishedFilePage,
} from '@portal/contracts';
import { expect, type Page } from '@playwright/test';
import { DEMO_CATALOGUE_DIR } from '../apps/api/src/paths';
import { BEARER_STORAGE_KEY } from '../apps/web/app/shared/identity/stored-sign-in';
import { CONNECTION_LOST_WORDS } from '../apps/web/app/features/publishing/drafts/connection-lost';
import { formatFileSize } from '../apps/web/app/shared/format';
import { seriousViolations } from './axe';
import { acceptProblems, answeredWith, droppedConnection, signInPage, test } from './fixtures';
import { E2E_ADMINS, E2E_MAKER_NAME } from './global-setup';
import { gotoHydrated, gotoInitialized } from './public-pages';
import { newPublisher } from './publishers';
import { EVERY_PUBLISHED_FILE } from '../test-kit/published-files';

// The draft screens (docs/publishing.md#the-draft-screen). What they publish is seen only by
// DEMO-DEV-1003 (family TGA, flag Dev), whom no other spec looks up: versions for `Dev` alone.
const DEV_ID = 'DEMO-DEV-1003';
// One administrator address for the whole file invites the publishers, and its sign-in link
// only works once: the tests run one after the other, in one worker, sharing its session.
test.describe.configure({ mode: 'default' });

/** A version name no other test or run has. */
const newVersionName = () => `9.${Number.parseInt(randomUUID().slice(0, 6), 16)}.0`;

/** Chromium logs each 4xx answer as a console error: those a test asks for (and only those) leave the problem list. */
function acceptRefusals(pageProblems: string[], statuses: number[]) {
  expect(acceptProblems(pageProblems, answeredWith(...statuses))).not.toEqual([]);
}

/** Chromium's console lines of answers a test may get, or not, as other specs run beside it. */
function dropPossibleRefusals(pageProblems: string[], statuses: number[]) {
  acceptProblems(pageProblems, answeredWith(...statuses));
}

/**
 * Publishes the previewed draft and waits for the change's diff. Specs running beside this one
 * publish and withdraw too: a publish refused as stale (409, the new diff shown) is sent again,
 * as a publisher would after reading the new diff.
 */
async function publishPreviewed(page: Page) {
  await expect(async () => {
    if (!/\?change=/.test(page.url())) await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page).toHaveURL(/\/service\/publishing\?change=\d+$/, { timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
}

/** The API as the signed-in page calls it, with its bearer. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const bearer = await page.evaluate((key) => localStorage.getItem(key), BEARER_STORAGE_KEY);
  const response = await page.request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${bearer}` },
    ...(body === undefined ? {} : { data: body }),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as T;
}

async function startDraft(page: Page) {
  await gotoHydrated(page, '/service/publishing');
  await expect(page.getByRole('heading', { name: 'Drafts in progress' })).toBeVisible();
  await page.getByRole('button', { name: 'New draft' }).click();
  await expect(page).toHaveURL(/\/service\/publishing\/drafts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Draft');
  await expect(page.getByText('This draft has no entries yet')).toBeVisible();
  return page.url().split('/').at(-1)!;
}

/** Adds a Dev-only version by its form. */
async function addVersion(page: Page, name: string, releaseDate = '2026-11-20') {
  await page.getByText('A new version with its offline installer').click();
  const form = page.locator('details', { hasText: 'A new version with its offline installer' });
  await form.getByLabel(/^Version/).fill(name);
  await form.getByLabel(/^Families/).fill('Dev');
  await form.getByLabel(/^Release date/).fill(releaseDate);
  await form.getByRole('button', { name: 'Add to draft' }).click();
  return form;
}

const entry = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });

test.describe('the draft screens', () => {
  test('a publisher adds a version by its form, sees each problem beside its field, replaces the draft with a catalogue.json, previews it for a registration ID and publishes it', async ({
    page,
    pageProblems,
  }) => {
    await signInPage(page, await newPublisher(E2E_ADMINS.publishingDrafts));
    const draftId = await startDraft(page);
    const version = newVersionName();

    // A date out of its form is refused as a whole (nothing stored): said beside the field.
    const form = await addVersion(page, version, '2026-13-45');
    await expect(form.getByRole('alert')).toContainText(DRAFT_NOT_A_MANIFEST_MESSAGE);
    await expect(form.getByLabel(/^Release date/)).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('must match format "date"')).toBeVisible();
    await form.getByLabel(/^Release date/).fill('2026-11-20');
    await form.getByRole('button', { name: 'Add to draft' }).click();
    await expect(form.getByRole('status')).toHaveText('Added to the draft.');
    await expect(entry(page, version)).toContainText('2026-11-20');

    // A reload shows the draft as the server keeps it.
    await page.reload();
    await expect(entry(page, version)).toContainText('Dev');

    // A catalogue.json replaces the entries, once confirmed: a PIB with an impossible day is
    // kept with its problem, in the command line's words, beside that field.
    const { files } = await api<PublishedFilePage>(page, 'GET', EVERY_PUBLISHED_FILE);
    const pibFile = files.find((file) => file.uses.some((use) => use.section === 'pibs') && !file.withdrawn)!;
    const manifest: CatalogueManifest = {
      families: ['Dev'],
      versions: [{ name: version, families: ['Dev'], releaseDate: '2026-11-20' }],
      registrations: [],
      pibs: [
        {
          product: 'Cornerstone',
          version,
          internalVariant: 'e2e',
          variant: 'End to end',
          effectiveDate: '2026-02-30',
          file: { path: pibFile.sha256 },
        },
      ],
      dsvs: [],
    };
    await page.getByLabel('Choose a catalogue.json').setInputFiles({
      name: 'catalogue.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(manifest)),
    });
    const confirm = page.getByRole('dialog', { name: 'Replace this draft’s entries?' });
    await confirm.getByRole('button', { name: 'Replace', exact: true }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Replaced the entries with catalogue.json.' }),
    ).toBeVisible();
    const stored = await api<Draft>(page, 'GET', PUBLISHING_PATHS.draft.replace(':draftId', draftId));
    const problem = stored.problems.find((found) => found.path === 'pibs[0].effectiveDate')!;
    expect(problem).toBeDefined();
    const pib = entry(page, `Cornerstone ${version} e2e`);
    const effective = pib.getByRole('definition').filter({ hasText: '2026-02-30' });
    await expect(effective).toContainText(problem.message);
    await expect(pib.getByText(pibFile.sha256)).toBeVisible();
    // Its file is one the catalogue already stores: not uploaded again.
    const fileCard = page.getByRole('region', { name: 'Files' }).getByRole('listitem', { name: pibFile.name });
    await expect(fileCard).toContainText('Already stored — not uploaded again');

    // Removed, the problem goes with it.
    await pib.getByRole('button', { name: `Remove Cornerstone ${version} e2e` }).click();
    await expect(pib).toHaveCount(0);

    // The preview: counts, the diff field by field, and what the registration lists before and after.
    await page.getByLabel('Registration ID (optional)').fill(DEV_ID);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const counts = page.getByRole('table', { name: 'What publishing would do, by section' });
    await expect(counts.getByRole('row', { name: /^versions/ })).toContainText('1');
    await expect(page.getByRole('table', { name: /Every row publishing would/ })).toContainText(version);
    await expect(page.getByRole('group', { name: 'Versions after publishing' })).toContainText(`${version} (new)`);
    expect(await seriousViolations(page)).toEqual([]);

    await publishPreviewed(page);
    // By its name: the address changes a moment before the change's page replaces the draft's tables.
    await expect(
      page.getByRole('table', { name: 'Every row it added, changed, removed, withdrew or restored' }),
    ).toContainText(version);

    // The lookup lists it.
    const versions = await (
      await page.request.get('/v1/Cornerstone/versions', { headers: { authorization: `Hasp id=${DEV_ID}` } })
    ).json();
    expect(Object.keys(versions)).toContain(version);
    acceptRefusals(pageProblems, [400]);
    dropPossibleRefusals(pageProblems, [409]);
    expect(pageProblems).toEqual([]);
  });

  test('a stale preview is refused with the message and the new diff; a draft is discarded once confirmed', async ({
    page,
    pageProblems,
  }) => {
    await signInPage(page, await newPublisher(E2E_ADMINS.publishingDrafts));
    await startDraft(page);
    const version = newVersionName();
    const form = await addVersion(page, version);
    await expect(form.getByRole('status')).toHaveText('Added to the draft.');
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByRole('table', { name: /Every row publishing would/ })).toContainText(version);

    // Another publisher publishes meanwhile.
    const other = newVersionName();
    const otherDraft = await api<Draft>(page, 'POST', PUBLISHING_PATHS.drafts, {
      families: ['Dev'],
      versions: [{ name: other, families: ['Dev'] }],
      registrations: [],
      pibs: [],
      dsvs: [],
    });
    const otherPath = (path: string) => path.replace(':draftId', otherDraft.draft.id);
    const { catalogueVersion } = await api<DraftPreview>(page, 'POST', otherPath(PUBLISHING_PATHS.preview), {});
    await api(page, 'POST', otherPath(PUBLISHING_PATHS.publication), { catalogueVersion });

    // Publish refuses, with the message and the diff as it is now; publishing again goes through.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText(CATALOGUE_CHANGED_SINCE_PREVIEW_MESSAGE);
    await expect(page.getByRole('table', { name: /Every row publishing would/ })).toContainText(version);
    await publishPreviewed(page);

    // Discard: confirmed in a dialog, then gone from the drafts in progress.
    const draftId = await startDraft(page);
    await page.getByRole('button', { name: 'Discard draft…' }).click();
    await page
      .getByRole('dialog', { name: 'Discard this draft?' })
      .getByRole('button', { name: 'Discard', exact: true })
      .click();
    await expect(page).toHaveURL(/\/service\/publishing$/);
    await expect(page.locator(`a[href$="${draftId}"]`)).toHaveCount(0);
    await page.goto(`/service/publishing/drafts/${draftId}`);
    await expect(page.getByRole('alert')).toHaveText('No draft in progress has this ID.');
    acceptRefusals(pageProblems, [409, 404]);
    expect(pageProblems).toEqual([]);
  });

  test('a file past the size limit is refused in the server’s words beside its input, before a byte is sent', async ({
    page,
    pageProblems,
  }, testInfo) => {
    await signInPage(page, await newPublisher(E2E_ADMINS.publishingDrafts));
    await startDraft(page);
    // The limit is the server's (PUBLISH_MAX_FILE_BYTES, 8 GiB by default): its answer to the
    // claim stands in for a file that large, which the test does not write.
    const TOO_LARGE = fileTooLargeMessage(9 * 2 ** 30, 8 * 2 ** 30);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(PUBLISHING_PATHS.uploads)) uploads.push(request.method());
    });
    await page.route(`**${PUBLISHING_PATHS.draftFiles.replace(':draftId', '*')}`, (route) =>
      route.fulfill({ status: 413, contentType: 'application/json', body: JSON.stringify({ message: TOO_LARGE }) }),
    );
    const filePath = testInfo.outputPath('Cornerstone-Offline.zip');
    await writeFile(filePath, randomBytes(1_000));
    await page.getByText('A new version with its offline installer').click();
    const form = page.locator('details', { hasText: 'A new version with its offline installer' });
    await form.getByLabel(/^Version/).fill(newVersionName());
    await form.getByLabel(/^Families/).fill('Dev');
    await form.getByLabel(/^Offline installer/).setInputFiles(filePath);
    await form.getByRole('button', { name: 'Add to draft' }).click();
    await expect(form.getByLabel(/^Offline installer/)).toHaveAccessibleDescription(TOO_LARGE);
    await expect(form.getByRole('alert')).toHaveText(TOO_LARGE);
    // Nothing was added, nothing sent.
    await expect(page.getByText('This draft has no entries yet')).toBeVisible();
    expect(uploads).toEqual([]);
    acceptRefusals(pageProblems, [413]);
    expect(pageProblems).toEqual([]);
  });

  test('a PIB added by its form with a file the portal stores: its SHA-256 is computed in the browser and the file is not uploaded again', async ({
    page,
    pageProblems,
  }) => {
    await signInPage(page, await newPublisher(E2E_ADMINS.publishingDrafts));
    await startDraft(page);
    const filePath = path.join(DEMO_CATALOGUE_DIR, 'pibs/Cornerstone-2.11.0-beta-std-PIB.pdf');
    const sha256 = createHash('sha256')
      .update(await readFile(filePath))
      .digest('hex');
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(PUBLISHING_PATHS.uploads)) uploads.push(request.method());
    });
    await page.getByText('A PIB', { exact: true }).click();
    const form = page.locator('details', { hasText: 'A PIB' });
    const variant = `e2e-${randomUUID().slice(0, 8)}`;
    await form.getByLabel(/^Product/).fill('Cornerstone');
    await form.getByLabel(/^Version/).fill('2.11.0-beta');
    await form.getByLabel(/^Internal variant/).fill(variant);
    await form.getByLabel(/^Variant/).fill('End to end');
    await form.getByLabel(/^PIB file/).setInputFiles(filePath);
    await form.getByRole('button', { name: 'Add to draft' }).click();
    await expect(form.getByRole('status')).toHaveText('Added to the draft.');
    await expect(entry(page, `Cornerstone 2.11.0-beta ${variant}`)).toContainText(sha256);
    const fileCard = page
      .getByRole('region', { name: 'Files' })
      .getByRole('listitem', { name: 'Cornerstone-2.11.0-beta-std-PIB.pdf' });
    await expect(fileCard).toContainText('Already stored — not uploaded again');
    await expect(fileCard).toContainText(sha256);
    expect(uploads).toEqual([]);
    expect(pageProblems).toEqual([]);
  });

  test('issue 25: a new version with its 50 MB installer, the connection dropped halfway and the upload resumed after a reload; previewed for a demo registration ID, published, found by the customer, withdrawn and restored', async ({
    page,
    browser,
    pageProblems,
  }, testInfo) => {
    test.setTimeout(180_000);
    await signInPage(page, await newPublisher(E2E_ADMINS.publishingDrafts));
    const version = newVersionName();
    const fileName = `Cornerstone-${version}-Offline.zip`;
    const bytes = randomBytes(50 * 1000 * 1000);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const filePath = testInfo.outputPath(fileName);
    await writeFile(filePath, bytes);

    // The connection drops after three chunks: every PATCH after them is cut until the reload.
    const CHUNK = 8 * 1024 * 1024;
    const patchOffsets: number[] = [];
    let dropping = true;
    await page.route(`**${PUBLISHING_PATHS.uploads}/**`, async (route) => {
      const request = route.request();
      if (request.method() !== 'PATCH') return route.continue();
      const offset = Number(await request.headerValue('upload-offset'));
      if (dropping && offset >= 3 * CHUNK) return route.abort('connectionreset');
      patchOffsets.push(offset);
      return route.continue();
    });

    await startDraft(page);
    await page.getByText('A new version with its offline installer').click();
    const form = page.locator('details', { hasText: 'A new version with its offline installer' });
    await form.getByLabel(/^Version/).fill(version);
    await form.getByLabel(/^Families/).fill('Dev');
    await form.getByLabel(/^Release date/).fill('2026-11-20');
    await form.getByLabel(/^Offline installer/).setInputFiles(filePath);
    await form.getByRole('button', { name: 'Add to draft' }).click();
    await expect(form.getByRole('status')).toHaveText('Added to the draft.', { timeout: 30_000 });

    const fileCard = () => page.getByRole('region', { name: 'Files' }).getByRole('listitem', { name: fileName });
    await expect(fileCard()).toContainText('Awaiting upload');
    // It retries by itself, keeping what the server has; the route stands in for a network that stays down.
    await expect(fileCard().getByRole('status')).toContainText(`${CONNECTION_LOST_WORDS}: `, { timeout: 30_000 });
    // Kept is what the server answered it holds: the three chunks through, not the one cut.
    await expect(fileCard().getByRole('status')).toContainText(`${formatFileSize(3 * CHUNK)} of 50 MB kept`);
    expect(patchOffsets).toEqual([0, CHUNK, 2 * CHUNK]);

    // Reloaded, the file awaits upload; chosen again, it goes on from where the server has it.
    // The network comes back only once the old page is gone: a retry of the old page let
    // through just before the reload would leave part of a chunk on the server.
    await page.reload();
    dropping = false;
    await expect(fileCard()).toContainText('Awaiting upload');
    await fileCard().getByLabel('Choose the file again to resume').setInputFiles(filePath);
    await expect(fileCard()).toContainText('Uploaded', { timeout: 60_000 });
    await expect(fileCard()).toContainText(sha256);
    const resumedFrom = patchOffsets[3]!;
    expect(resumedFrom).toBe(3 * CHUNK);
    expect(patchOffsets.slice(3)).toEqual(
      Array.from({ length: Math.ceil(bytes.length / CHUNK) - 3 }, (_, index) => (index + 3) * CHUNK),
    );

    // The preview shows the new version for the demo registration ID.
    await page.getByLabel('Registration ID (optional)').fill(DEV_ID);
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect(page.getByRole('group', { name: 'Versions after publishing' })).toContainText(`${version} (new)`);
    await publishPreviewed(page);

    // The customer, in a browser of their own, finds it with its size and SHA-256.
    const customerContext = await browser.newContext({ baseURL: process.env.PORTAL_URL });
    const customer = await customerContext.newPage();
    const lookUp = async () => {
      await gotoInitialized(customer, `/cornerstone/offline?registrationId=${DEV_ID}`);
      await expect(customer.getByRole('button', { name: 'Print or save as PDF' })).toBeVisible();
    };
    await lookUp();
    const item = customer
      .getByRole('listitem')
      .filter({ has: customer.getByRole('link', { name: `Cornerstone ${version}` }) });
    await expect(item.locator('data').first()).toHaveAttribute(
      'title',
      `${bytes.length.toLocaleString('en-US')} bytes`,
    );
    await expect(item.locator('code').first()).toHaveText(sha256);
    const oldLink = await item.getByRole('link', { name: `Cornerstone ${version}` }).getAttribute('href');

    // Withdrawn on the Publishing screen, it leaves the lookup and its old link says so.
    // Found by its name: other specs publish beside this one.
    await gotoHydrated(page, `/service/publishing?file=${encodeURIComponent(fileName)}`);
    const card = page
      .getByRole('region', { name: 'Published files' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: fileName, exact: true }) });
    await card.getByRole('button', { name: 'Withdraw…' }).click();
    const dialog = page.getByRole('dialog', { name: `Withdraw ${fileName}?` });
    await dialog.getByLabel('Reason').fill('Published by mistake');
    await dialog.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await expect(card.getByRole('status')).toHaveText(`Withdrew ${fileName}.`);
    await lookUp();
    await expect(customer.getByRole('link', { name: `Cornerstone ${version}` })).toHaveCount(0);
    await customer.goto(oldLink!);
    await expect(customer.getByRole('heading', { level: 1 })).toHaveText(
      `This file has been withdrawn by ${E2E_MAKER_NAME}`,
    );

    // Restored, it is back.
    await card.getByRole('button', { name: 'Restore…' }).click();
    await page
      .getByRole('dialog', { name: `Restore ${fileName}?` })
      .getByRole('button', { name: 'Restore', exact: true })
      .click();
    await expect(card.getByRole('status')).toHaveText(`Restored ${fileName}.`);
    await lookUp();
    await expect(customer.getByRole('link', { name: `Cornerstone ${version}` })).toBeVisible();
    await customerContext.close();
    // The dropped chunks: Chromium logs each request the route cut.
    acceptProblems(pageProblems, droppedConnection);
    dropPossibleRefusals(pageProblems, [409]);
    expect(pageProblems).toEqual([]);
  });
});
