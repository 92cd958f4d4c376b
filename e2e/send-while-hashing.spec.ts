import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PUBLISHING_PATHS, UPLOAD_CHUNK_BYTES, uploadDigestMismatchMessage, type Draft } from '@portal/contracts';
import type { Page } from '@playwright/test';
import { fileUnreadableMessage } from '../apps/web/app/features/publishing/drafts/file-hash';
import { CONNECTION_LOST_WORDS } from '../apps/web/app/features/publishing/drafts/connection-lost';
import { onePibManifest } from '../test-kit/manifests';
import { signInWithRoles } from '../test-kit/staff-session';
import { startTcpProxy, type TcpProxy } from '../test-kit/tcp-proxy';
import { fileCard, randomFileIn, recordStatuses, statuses, uploadRequests, type UploadRequest } from './draft-uploads';
import {
  acceptProblems,
  answeredWith,
  droppedConnection,
  expect,
  newStaffAddress,
  placeBearer,
  test,
} from './fixtures';
import { E2E_ADMINS } from './global-setup';

// Files chosen in an entry form or through "Choose several files" are sent while they are
// hashed (docs/decisions/282-files-chosen-in-forms-are-sent-while-hashed.md): the upload is
// created without a SHA-256, and the claim names it once the hash ends.
test.describe.configure({ mode: 'serial' });

let dir: string;
let bearer: string;
let proxy: TcpProxy;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'send-while-hashing-'));
  proxy = await startTcpProxy(process.env.PORTAL_URL!);
  ({ bearer } = await signInWithRoles({
    origin: process.env.PORTAL_URL!,
    dataDir: process.env.PORTAL_DATA_DIR!,
    admin: E2E_ADMINS.sendWhileHashing,
    email: newStaffAddress(),
    roles: ['publisher'],
  }));
});
test.afterAll(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

const unique = () => randomUUID().slice(0, 8);

/**
 * A new draft in progress, through the API, its screen open at `origin` (the portal, or the
 * proxy in front of it): naming `files` (awaiting upload), or no entry at all.
 */
async function openDraft(page: Page, files: { sha256: string; name: string }[] = [], origin = process.env.PORTAL_URL!) {
  const pib = (path: string, name?: string) =>
    onePibManifest({ internalVariant: `hashing-${unique()}`, variant: 'Hashing', path, name }).pibs;
  const created = await page.request.post(`${process.env.PORTAL_URL}${PUBLISHING_PATHS.drafts}`, {
    headers: { authorization: `Bearer ${bearer}` },
    data: {
      ...onePibManifest({ internalVariant: '-', variant: '-', path: '-' }),
      pibs: files.length > 0 ? files.flatMap((file) => pib(file.sha256, file.name)) : [],
    },
  });
  expect(created.status()).toBe(201);
  const draftId = ((await created.json()) as Draft).draft.id;
  await placeBearer(page, bearer);
  await page.goto(`${origin}/service/publishing/drafts/${draftId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Draft');
  return draftId;
}

/** Delays each PATCH by half a second: the hash, and the claim naming the upload, end with most of the file still to send. */
async function slowPatches(page: Page) {
  const patches = `**${PUBLISHING_PATHS.uploads}/*`;
  await page.route(patches, async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  return () => page.unroute(patches);
}

/** The answer to the claim that names an upload sent while hashed (its `uploadId`). */
const namingClaim = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.url().endsWith('/files') &&
      typeof (response.request().postDataJSON() as { uploadId?: unknown }).uploadId === 'string',
  );

/** Fills the new-version form with `installer` and adds it to the draft. */
async function addVersion(page: Page, installer: string) {
  await page.getByText('A new version with its offline installer').click();
  const form = page.locator('details', { hasText: 'A new version with its offline installer' });
  await form.getByLabel(/^Version/).fill(`9.${unique()}.0`.replace(/[a-f]/g, '1'));
  await form.getByLabel(/^Families/).fill('CS');
  await form.getByLabel(/^Offline installer/).setInputFiles(installer);
  await form.getByRole('button', { name: 'Add to draft' }).click();
  return form;
}

/** The draft as the server has it. */
async function draftOnServer(page: Page, draftId: string) {
  const answer = await page.request.get(
    `${process.env.PORTAL_URL}${PUBLISHING_PATHS.draft.replace(':draftId', draftId)}`,
    { headers: { authorization: `Bearer ${bearer}` } },
  );
  return (await answer.json()) as Draft;
}

/** The uploads the page deleted, in order. */
const deletedUploads = (requests: UploadRequest[]) =>
  requests.filter((request) => request.kind === 'deletion').map((request) => request.upload);

/** The status the server answers a tus HEAD of `upload` with: 404 once it is deleted. */
async function uploadStatus(page: Page, upload: string) {
  const head = await page.request.head(`${process.env.PORTAL_URL}${upload}`, {
    headers: { authorization: `Bearer ${bearer}`, 'tus-resumable': '1.0.0' },
  });
  return head.status();
}

/**
 * Sent while hashed: created without a SHA-256, its first bytes sent before the claim that
 * names it (which waits for the hash), and that claim names this upload.
 */
function expectSentWhileHashed(requests: UploadRequest[], sha256: string) {
  const claim = requests.findIndex((request) => request.kind === 'claim' && request.fields.sha256 === sha256);
  expect(claim).toBeGreaterThanOrEqual(0);
  const upload = requests[claim]!.upload;
  expect(upload).not.toBe('');
  const creation = requests.findIndex((request) => request.kind === 'creation' && request.upload === upload);
  expect(creation).toBeGreaterThanOrEqual(0);
  expect(requests[creation]!.fields).not.toHaveProperty('sha256');
  const firstPatch = requests.findIndex((request) => request.kind === 'patch' && request.upload === upload);
  expect(firstPatch).toBeGreaterThan(creation);
  expect(firstPatch).toBeLessThan(claim);
}

test('a new version with its offline installer: sent from Add to draft on, while it is hashed, and Uploaded once the server has checked it', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await recordStatuses(page);
  const draftId = await openDraft(page);
  const installer = await randomFileIn(dir, `Cornerstone-${unique()}-Offline.zip`, 96);
  const requests = uploadRequests(page);

  const form = await addVersion(page, installer.filePath);
  await expect(form.getByRole('status')).toHaveText('Added to the draft.', { timeout: 60_000 });
  const card = fileCard(page, installer.name);
  await expect(card.getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  await expect(card).toContainText(installer.sha256);

  expectSentWhileHashed(requests, installer.sha256);
  // The form showed the bytes going out while it still showed the hash.
  const seen = await statuses(page);
  expect(seen.some((text) => /uploading meanwhile: (?!0 bytes)/.test(text))).toBe(true);
  expect(seen.findIndex((text) => /uploading meanwhile: (?!0 bytes)/.test(text))).toBeLessThan(
    seen.findLastIndex((text) => text.startsWith('Computing SHA-256')),
  );
  // Kept is true: the server holds the file, whole.
  const onServer = await draftOnServer(page, draftId);
  expect(onServer.files).toContainEqual({
    sha256: installer.sha256,
    name: installer.name,
    state: 'uploaded',
    sizeBytes: 96 * 1000 * 1000,
  });
  expect(pageProblems).toEqual([]);
});

test('several files chosen at once: each sent while it is hashed; one that is none of the draft’s files is refused and what was sent of it deleted', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  // Large enough that their hash outlasts the uploads' creation on a busy machine: a hash that
  // ends first names an upload before its first byte (48 MB each lost that race once, in a timed run).
  const files = await Promise.all(
    ['A', 'B'].map((letter) => randomFileIn(dir, `Several-${letter}-${unique()}.pdf`, 128)),
  );
  const stranger = await randomFileIn(dir, `Stranger-${unique()}.pdf`, 48);
  // A third file the draft names and nobody chooses: "Choose several files" stays, with its alert.
  const absent = { sha256: 'a'.repeat(64), name: `Absent-${unique()}.pdf` };
  const draftId = await openDraft(page, [...files, absent]);
  for (const file of files) await expect(fileCard(page, file.name)).toContainText('Awaiting upload');
  const requests = uploadRequests(page);

  await page
    .getByLabel('Choose several files to upload')
    .setInputFiles([...files, stranger].map((file) => file.filePath));
  for (const file of files) {
    await expect(fileCard(page, file.name).getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  }
  await expect(page.getByRole('alert')).toHaveText(
    `${stranger.name} is none of this draft’s files awaiting upload: its SHA-256 is ${stranger.sha256}.`,
  );
  for (const file of files) expectSentWhileHashed(requests, file.sha256);

  // The stranger was sent while hashed too, never claimed, and its upload deleted: nothing of it kept.
  const strangers = requests.filter(
    (request) => request.kind === 'creation' && request.fields.filename === stranger.name,
  );
  expect(strangers).toHaveLength(1);
  expect(strangers[0]!.fields).not.toHaveProperty('sha256');
  // Its address comes with the creation's answer, which the refusal may have come before.
  await expect.poll(() => strangers[0]!.upload).not.toBe('');
  await expect.poll(() => deletedUploads(requests)).toEqual([strangers[0]!.upload]);
  expect(requests.some((request) => request.kind === 'claim' && request.fields.sha256 === stranger.sha256)).toBe(false);
  const onServer = await draftOnServer(page, draftId);
  expect(onServer.files.map((file) => file.state)).toEqual(['uploaded', 'uploaded', 'awaiting upload']);
  expect(await uploadStatus(page, strangers[0]!.upload)).toBe(404);
  acceptProblems(pageProblems, (problem) => problem.includes(strangers[0]!.upload));
  expect(pageProblems).toEqual([]);
});

test('a file refused by its hash before the server has answered its upload’s creation: the upload is deleted once its address comes', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  const stranger = await randomFileIn(dir, `Stranger-${unique()}.pdf`, 200);
  await openDraft(page, [{ sha256: 'b'.repeat(64), name: `Awaited-${unique()}.pdf` }]);
  const requests = uploadRequests(page);
  const refusal = page.getByRole('alert').filter({ hasText: stranger.name });
  // The server makes the upload; its answer reaches the page only once the hash has refused the file.
  await page.route(`**${PUBLISHING_PATHS.uploads}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    const response = await route.fetch();
    await refusal.waitFor({ timeout: 60_000 });
    await route.fulfill({ response }).catch(() => {
      // The page gave the request up: the test's assertions below say so.
    });
  });

  await page.getByLabel('Choose several files to upload').setInputFiles(stranger.filePath);
  await expect(refusal).toHaveText(
    `${stranger.name} is none of this draft’s files awaiting upload: its SHA-256 is ${stranger.sha256}.`,
    { timeout: 60_000 },
  );
  const created = requests.filter((request) => request.kind === 'creation');
  expect(created).toHaveLength(1);
  await expect.poll(() => created[0]!.upload).not.toBe('');
  await expect.poll(() => deletedUploads(requests)).toEqual([created[0]!.upload]);
  expect(await uploadStatus(page, created[0]!.upload)).toBe(404);
  expect(requests.some((request) => request.kind === 'patch' || request.kind === 'claim')).toBe(false);
  expect(pageProblems).toEqual([]);
});

test('a file removed from the disk while an entry form sends and hashes it: said beside its input, its upload deleted', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await openDraft(page);
  const installer = await randomFileIn(dir, `Removed-${unique()}-Offline.zip`, 300);
  const requests = uploadRequests(page);
  const form = await addVersion(page, installer.filePath);
  await expect(form.getByRole('status').filter({ hasText: /uploading meanwhile: (?!0 bytes)/ })).toBeVisible();
  await unlink(installer.filePath);
  await expect(form.getByLabel(/^Offline installer/)).toHaveAccessibleDescription(
    fileUnreadableMessage(installer.name),
    {
      timeout: 60_000,
    },
  );
  await expect(page.getByText('This draft has no entries yet')).toBeVisible();
  const created = requests.filter((request) => request.kind === 'creation');
  expect(created).toHaveLength(1);
  await expect.poll(() => deletedUploads(requests)).toEqual([created[0]!.upload]);
  expect(requests.some((request) => request.kind === 'claim')).toBe(false);
  // Chromium fails the chunk it could no longer read, and logs it as a dropped request.
  acceptProblems(pageProblems, (problem) => /net::ERR_(FILE_NOT_FOUND|FAILED|ABORTED)$/.test(problem));
  expect(pageProblems).toEqual([]);
});

test('an installer sent from its form while it is hashed, its connection cut for 5 s at 40%: resumed with no click, kept never more than the server holds', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  const MEGABYTES = 150;
  await recordStatuses(page);
  await openDraft(page, [], proxy.url);
  const installer = await randomFileIn(dir, `Drop-${unique()}-Offline.zip`, MEGABYTES);
  const requests = uploadRequests(page);
  const cut = proxy.cutAfterBytes(0.4 * MEGABYTES * 1000 * 1000);
  const form = await addVersion(page, installer.filePath);
  await cut;
  const patchesBeforeDrop = requests.filter((request) => request.kind === 'patch').length;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  await proxy.restore();

  // No click: the claim and the upload go on by themselves once the network is back.
  await expect(form.getByRole('status')).toHaveText('Added to the draft.', { timeout: 60_000 });
  const card = fileCard(page, installer.name);
  await expect(card.getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  expectSentWhileHashed(requests, installer.sha256);
  const seen = await statuses(page);
  expect(seen.some((text) => text.startsWith(`${CONNECTION_LOST_WORDS}:`) && text.includes('kept'))).toBe(true);
  const megabytesIn = (pattern: RegExp) => Number(seen.map((text) => pattern.exec(text)?.[1]).find(Boolean));
  expect(megabytesIn(/retrying: ([\d.]+) MB of .* kept/)).toBeLessThanOrEqual(
    megabytesIn(/\(resumed at ([\d.]+) MB\)/),
  );
  // The first PATCH after the drop starts at most one chunk before where the drop cut.
  const patches = requests
    .filter((request) => request.kind === 'patch')
    .map((request) => request.fields.offset as number);
  const resumedAt = patches[patchesBeforeDrop]!;
  expect(resumedAt).toBeGreaterThan(0.4 * MEGABYTES * 1000 * 1000 - UPLOAD_CHUNK_BYTES - 64 * 1024);
  acceptProblems(pageProblems, droppedConnection);
  expect(pageProblems).toEqual([]);
});

test('the connection cut once the claim has named the upload, before the entry is saved: saved and uploaded with no click', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await openDraft(page, [], proxy.url);
  const installer = await randomFileIn(dir, `Save-drop-${unique()}-Offline.zip`, 60);
  await slowPatches(page);
  // The entry's first save goes out only once the connection is cut: it meets the drop.
  let cutDone!: () => void;
  const cutting = new Promise<void>((resolve) => (cutDone = resolve));
  const saves: string[] = [];
  await page.route(`**${PUBLISHING_PATHS.drafts}/*`, async (route) => {
    if (route.request().method() === 'PUT') {
      saves.push(route.request().url());
      if (saves.length === 1) await cutting;
    }
    await route.continue();
  });
  const named = namingClaim(page);
  const form = await addVersion(page, installer.filePath);
  expect((await named).status()).toBe(200);
  await expect.poll(() => saves.length).toBe(1);
  await proxy.cut();
  const cutAt = Date.now();
  cutDone();
  // Named, its entry not saved and so on no card yet: its line still says the connection is lost.
  await expect(
    page
      .getByRole('list', { name: 'Sent while hashed' })
      .getByRole('listitem', { name: installer.name })
      .getByRole('status'),
  ).toContainText(`${CONNECTION_LOST_WORDS}:`);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, 3_000 - (Date.now() - cutAt))));
  await proxy.restore();
  await expect(form.getByRole('status')).toHaveText('Added to the draft.', { timeout: 60_000 });
  await expect(fileCard(page, installer.name).getByRole('definition').first()).toHaveText('Uploaded', {
    timeout: 60_000,
  });
  // Saved by a later try of the same PUT, not by a click.
  expect(saves.length).toBeGreaterThan(1);
  acceptProblems(pageProblems, droppedConnection);
  expect(pageProblems).toEqual([]);
});

test('the same file chosen among several in two tabs for the same draft is uploaded once', async ({
  page,
  context,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  const file = await randomFileIn(dir, `Two-tabs-${unique()}.pdf`, 60);
  const draftId = await openDraft(page, [file]);
  const other = await context.newPage();
  await other.goto(`/service/publishing/drafts/${draftId}`);
  const requests = [page, other].map(uploadRequests);
  // Each tab's PATCHes slowed: whichever tab sends first does so for seconds, so the other's
  // choice falls within it, as on a publisher's machine, not after it on a busy test machine.
  await Promise.all([page, other].map(slowPatches));
  await Promise.all(
    [page, other].map((tab) => tab.getByLabel('Choose several files to upload').setInputFiles(file.filePath)),
  );
  for (const tab of [page, other]) {
    await expect(fileCard(tab, file.name).getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  }
  expect(requests.flat().filter((request) => request.kind === 'creation')).toHaveLength(1);
  await other.close();
  expect(pageProblems).toEqual([]);
});

test('other bytes under the same name, size and date, chosen among several after a reload: resumed as recognised, refused by the server’s SHA-256 on the last byte, nothing kept', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  const file = await randomFileIn(dir, `Other-bytes-${unique()}.pdf`, 60);
  // A date in whole seconds, so that the other bytes get exactly the same one.
  const date = new Date('2026-11-20T10:00:00Z');
  await utimes(file.filePath, date, date);
  const draftId = await openDraft(page, [file], proxy.url);
  const normalPatches = await slowPatches(page);
  const named = namingClaim(page);
  const kept = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.status() === 204);
  await page.getByLabel('Choose several files to upload').setInputFiles(file.filePath);
  expect((await named).status()).toBe(200);
  // Cut once the server holds a chunk of the named upload: the resume must go on from there.
  await kept;
  const card = fileCard(page, file.name);
  await expect(card.getByRole('status').filter({ hasText: /^Uploading: / })).toBeVisible();
  await proxy.cut();
  await expect(card.getByRole('status').filter({ hasText: `${CONNECTION_LOST_WORDS}:` })).toBeVisible();
  await normalPatches();
  await page.goto(`${process.env.PORTAL_URL}/privacy`);
  await proxy.restore();

  await writeFile(file.filePath, randomBytes(60 * 1000 * 1000));
  await utimes(file.filePath, date, date);
  await page.goto(`${proxy.url}/service/publishing/drafts/${draftId}`);
  const requests = uploadRequests(page);
  await page.getByLabel('Choose several files to upload').setInputFiles(file.filePath);
  // What the server received: the first bytes of the first file, then the other's.
  const [before, after] = uploadDigestMismatchMessage('RECEIVED', file.sha256).split('RECEIVED');
  await expect(card.getByRole('alert')).toHaveText(new RegExp(`^${before}[0-9a-f]{64}${after!.replace('.', '\\.')}$`), {
    timeout: 60_000,
  });
  await expect(card.getByRole('definition').first()).toHaveText('Awaiting upload');
  // Recognised: resumed from where the server had it, named from its start, never created again.
  expect(requests.filter((request) => request.kind === 'creation')).toEqual([]);
  expect(requests.find((request) => request.kind === 'patch')?.fields.offset).toBeGreaterThan(0);
  expect(await uploadStatus(page, requests.find((r) => r.kind === 'patch')!.upload)).toBe(404);
  acceptProblems(pageProblems, droppedConnection);
  acceptProblems(pageProblems, answeredWith(422));
  expect(pageProblems).toEqual([]);
});

test('a reload of the draft that gets no answer keeps the draft and what is typed in its forms on the screen, and says it failed', async ({
  page,
  pageProblems,
}) => {
  const pibFile = { sha256: randomBytes(32).toString('hex'), name: `Kept-${unique()}.pdf` };
  const draftId = await openDraft(page, [pibFile]);
  await page.getByText('A new version with its offline installer').click();
  const form = page.locator('details', { hasText: 'A new version with its offline installer' });
  await form.getByLabel(/^Version/).fill('9.8.7');
  await form.getByLabel(/^Families/).fill('CS');
  // The draft's save goes through; the reload after it gets no answer, as on a dropped network.
  const draftUrl = `**${PUBLISHING_PATHS.draft.replace(':draftId', draftId)}`;
  await page.route(draftUrl, (route) =>
    route.request().method() === 'GET' ? route.abort('connectionrefused') : route.continue(),
  );
  const entries = page.getByRole('region', { name: 'Entries' });
  await entries.getByRole('button', { name: /^Remove / }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(form.getByLabel(/^Version/)).toHaveValue('9.8.7');
  await expect(form.getByLabel(/^Families/)).toHaveValue('CS');
  await expect(entries).toBeVisible();
  acceptProblems(pageProblems, (problem) => /net::ERR_CONNECTION_REFUSED$/.test(problem));
  expect(pageProblems).toEqual([]);
});
