import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { REPO_ROOT, freePort, portalCommand, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { acceptProblems, answeredWith, expect, test } from './fixtures';
import { gotoInitialized } from './public-pages';
import { onePibManifest } from '../test-kit/manifests';

// A portal of its own: publishing a PIB for a demo registration would change what the other
// specs' lookups show on the shared portal.
test.describe.configure({ mode: 'serial' });

const DEMO_CATALOGUE = path.join(REPO_ROOT, 'apps/api/demo-catalogue');
const CS = 'DEMO-CS-1001';
const NEW_PIB_TITLE = 'Cornerstone 2.10.0 PIB (Feeds end to end)';

interface Entry {
  id: string;
  title: string | { '#text': string };
  link: { '@href': string }[];
  content: string | { '#text': string };
}
const text = (value: string | { '#text': string }) => (typeof value === 'string' ? value : value['#text']);
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  isArray: (name) => ['entry', 'link'].includes(name),
});
const entriesOf = (xml: string) => (parser.parse(xml) as { feed: { entry?: Entry[] } }).feed.entry ?? [];
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let portal: PortalProcess;
let work: string;

test.beforeAll(async () => {
  const port = await freePort();
  portal = await startPortal({ env: { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` } });
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-feeds-e2e-'));
});

test.afterAll(async () => {
  await portal?.close();
  await rm(work, { recursive: true, force: true });
});

/** Publishes a new PIB of a version DEMO-CS-1001 has, with `npm run portal -- import` beside the running portal. */
async function publishNewPib(): Promise<Buffer> {
  const folder = path.join(work, 'catalogue');
  const pib = path.join(folder, 'Cornerstone-2.10.0-e2e-PIB.pdf');
  await cp(path.join(DEMO_CATALOGUE, 'pibs/Cornerstone-2.10.0-std-PIB.pdf'), pib, { recursive: true });
  const bytes = Buffer.concat([await readFile(pib), Buffer.from('\n% published by feeds.spec.ts\n')]);
  await writeFile(pib, bytes);
  await writeFile(
    path.join(folder, 'catalogue.json'),
    JSON.stringify(
      onePibManifest({ internalVariant: 'e2e', variant: 'Feeds end to end', path: 'Cornerstone-2.10.0-e2e-PIB.pdf' }),
    ),
  );
  const imported = await portalCommand(['import', folder], { DATA_DIR: portal.dataDir });
  expect(imported.stderr).toBe('');
  expect(imported.code).toBe(0);
  return bytes;
}

test('a customer follows the feed of a registration ID: new files come first, unchanged answers are 304', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await gotoInitialized(page, `${portal.url}/cornerstone/pibs?registrationId=${CS}`);
  const follow = page.getByRole('region', { name: 'Follow updates' });
  await expect(follow).toContainText('Outlook and Thunderbird');
  await expect(follow.getByRole('textbox', { name: 'Feed address' })).toHaveValue(
    /\/v1\/feeds\/[A-Za-z0-9_-]{32}\.atom$/,
  );
  await follow.getByRole('button', { name: 'Copy feed address' }).click();
  await expect(follow.getByRole('button', { name: 'Copy feed address' })).toHaveText('Copied');
  const address = await page.evaluate(() => navigator.clipboard.readText());
  expect(address).toMatch(new RegExp(`^${portal.url}/v1/feeds/[A-Za-z0-9_-]{32}\\.atom$`));
  expect(address).not.toContain(CS);

  const before = await fetch(address);
  expect(before.status).toBe(200);
  const beforeEntries = entriesOf(await before.text());
  expect(beforeEntries.length).toBeGreaterThan(0);

  const published = await publishNewPib();
  // The portal hears of the publish (LISTEN/NOTIFY) without a restart.
  await expect.poll(async () => text(entriesOf(await (await fetch(address)).text())[0]!.title)).toBe(NEW_PIB_TITLE);
  const after = await fetch(address);
  const etag = after.headers.get('etag')!;
  const afterEntries = entriesOf(await after.text());
  expect(afterEntries.length).toBe(beforeEntries.length + 1);
  expect(text(afterEntries[0]!.content)).toContain(sha256(published));
  expect(afterEntries.slice(1).map((entry) => entry.id)).toEqual(beforeEntries.map((entry) => entry.id));

  const unchanged = await fetch(address, { headers: { 'if-none-match': etag } });
  expect(unchanged.status).toBe(304);

  // The entry leads to the file's page in the portal, which offers a link signed now.
  await gotoInitialized(page, afterEntries[0]!.link[0]!['@href']);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(NEW_PIB_TITLE);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(page.locator('main')).toContainText(sha256(published));
  const pibLink = page.getByRole('link', { name: `${NEW_PIB_TITLE} (PDF, opens in a new tab)`, exact: true });
  const download = await page.request.get(new URL((await pibLink.getAttribute('href'))!, portal.url).href);
  expect(download.status()).toBe(200);
  expect(sha256(await download.body())).toBe(sha256(published));

  // An installer's entry: the browser downloads the very file published.
  const installerEntry = afterEntries.find((entry) => text(entry.title) === 'Cornerstone 2.10.0 offline installer')!;
  await gotoInitialized(page, installerEntry.link[0]!['@href']);
  const installer = await readFile(path.join(DEMO_CATALOGUE, 'installers/Cornerstone-2.10.0-Offline.zip'));
  const [saved] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Cornerstone 2.10.0 offline installer', exact: true }).click(),
  ]);
  expect(sha256(await readFile((await saved.path())!))).toBe(sha256(installer));
});

test('staff replace a feed address on the Service page: the old one answers 410 Gone', async ({
  staffPage: page,
  pageProblems,
}) => {
  // The shared portal: no other spec reads a feed address.
  const current = () =>
    fetch(`${process.env.PORTAL_URL}/v1/feeds/current`, { headers: { authorization: 'Hasp id=DEMO-ONH-1002' } })
      .then((response) => response.json() as Promise<{ feed: string }>)
      .then(({ feed }) => `${process.env.PORTAL_URL}${feed}`);
  const old = await current();
  expect((await fetch(old)).status).toBe(200);

  await page.goto('/service');
  const section = page.getByRole('region', { name: 'Feed addresses' });
  await section.getByLabel('Cornerstone registration ID').check();
  await section.getByRole('textbox', { name: 'Registration ID' }).fill('DEMO-ONH-1002');
  await section.getByRole('button', { name: 'Issue a new feed address' }).click();
  const fresh = section.getByRole('textbox', { name: 'New feed address' });
  await expect(fresh).toHaveValue(/\/v1\/feeds\/[A-Za-z0-9_-]{32}\.atom$/);
  expect(await fresh.inputValue()).not.toBe(old);
  expect(await current()).toBe(await fresh.inputValue());

  const gone = await fetch(old);
  expect(gone.status).toBe(410);
  expect(((await gone.json()) as { message: string }).message).toContain('has been replaced');
  expect((await fetch(await fresh.inputValue())).status).toBe(200);

  await section.getByRole('textbox', { name: 'Registration ID' }).fill('NO-SUCH-ID-1');
  await section.getByRole('button', { name: 'Issue a new feed address' }).click();
  await expect(section.getByRole('alert')).toContainText('No published registration ID or key ID matches.');
  // Chromium logs the refused ID's 404 as a console error: that line, once, is expected.
  expect(acceptProblems(pageProblems, answeredWith(404))).toHaveLength(1);
});

test('each firmware page announces its series feed in its head and links it', async ({ page }) => {
  for (const series of ['mx', 'px', 'cx']) {
    await gotoInitialized(page, `/metallographics/${series}/firmware`);
    const alternate = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(alternate).toHaveAttribute('href', `/v1/firmware/${series}/feed.atom`);
    const feed = await page.request.get(`/v1/firmware/${series}/feed.atom`);
    expect(feed.status()).toBe(200);
    const entries = entriesOf(await feed.text());
    expect(entries.length).toBeGreaterThan(0);
    // The newest entry names the release as the page's heading does: SPEC §5's name and the version as written.
    const latest = page.getByRole('heading', { name: text(entries[0]!.title), exact: true });
    await expect(latest).toBeVisible();
    expect(text(entries[0]!.title)).toMatch(
      new RegExp(`^${series.toUpperCase()} firmware v(\\d{3}) \\(\\d{3}\\.\\d{3}\\.\\1\\)$`),
    );
    await expect(page.getByRole('link', { name: `${series.toUpperCase()} firmware feed` })).toHaveAttribute(
      'href',
      `/v1/firmware/${series}/feed.atom`,
    );
  }
});
