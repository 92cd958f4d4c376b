import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, open, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PUBLISHING_PATHS, UPLOAD_CHUNK_BYTES, uploadDigestMismatchMessage, type Draft } from '@portal/contracts';
import type { Page } from '@playwright/test';
import { BEARER_STORAGE_KEY } from '../apps/web/app/shared/identity/stored-sign-in';
import { CONNECTION_LOST_WORDS } from '../apps/web/app/features/publishing/drafts/connection-lost';
import { fileUnreadableMessage } from '../apps/web/app/features/publishing/drafts/file-hash';
import { onePibManifest } from '../test-kit/manifests';
import { startTcpProxy, type TcpProxy } from '../test-kit/tcp-proxy';
import { fileCard, randomFileIn, recordStatuses, statuses, uploadRequests, type UploadRequest } from './draft-uploads';
import { acceptProblems, answeredWith, droppedConnection, expect, signInPage, test } from './fixtures';
import { E2E_ADMINS } from './global-setup';
import { newPublisher } from './publishers';

// Browser uploads through a real network drop (docs/decisions/271-browser-uploads-resume-by-themselves.md):
// the page reaches the shared portal through a TCP proxy that a test closes for 30 s, so
// Chromium meets reset connections and a refused port, not a route abort.
test.describe.configure({ mode: 'serial' });

const FILE_BYTES = 300 * 1000 * 1000;
const DROP_MS = 30_000;

let dir: string;
let proxy: TcpProxy;
test.beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'upload-drops-'));
  proxy = await startTcpProxy(process.env.PORTAL_URL!);
});
test.afterAll(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});

/** A 300 MB file made at once: sparse, with random first bytes so that no other run or test has its SHA-256. */
async function bigFile(name: string) {
  const filePath = path.join(dir, name);
  const file = await open(filePath, 'w');
  await file.truncate(FILE_BYTES);
  await file.write(randomBytes(64), 0, 64, 0);
  await file.close();
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(filePath, { highWaterMark: 8 * 1024 * 1024 })) hash.update(chunk);
  return { filePath, sha256: hash.digest('hex') };
}

/** A new draft naming the files by their SHA-256 (awaiting upload), opened through the proxy. */
async function draftAwaitingAll(page: Page, files: { sha256: string; name: string }[]) {
  await page.goto(`${proxy.url}/service/publishing`);
  const bearer = await page.evaluate((key) => localStorage.getItem(key), BEARER_STORAGE_KEY);
  const pibs = files.flatMap(
    (file) =>
      onePibManifest({
        internalVariant: `drop-${randomUUID().slice(0, 8)}`,
        variant: 'Drop',
        path: file.sha256,
        name: file.name,
      }).pibs,
  );
  const created = await page.request.post(`${proxy.url}${PUBLISHING_PATHS.drafts}`, {
    headers: { authorization: `Bearer ${bearer}` },
    data: { ...onePibManifest({ internalVariant: '-', variant: '-', path: '-' }), pibs },
  });
  expect(created.status()).toBe(201);
  const draftId = ((await created.json()) as Draft).draft.id;
  await page.goto(`${proxy.url}/service/publishing/drafts/${draftId}`);
  for (const file of files) await expect(fileCard(page, file.name)).toContainText('Awaiting upload');
  return draftId;
}

async function draftAwaiting(page: Page, file: { sha256: string; name: string }) {
  const draftId = await draftAwaitingAll(page, [file]);
  return { draftId, card: fileCard(page, file.name) };
}

const randomFile = (name: string, megabytes: number) => randomFileIn(dir, name, megabytes);

/** The offsets of the upload's PATCH requests, in order. */
function patchOffsets(page: Page) {
  const offsets: number[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(PUBLISHING_PATHS.uploads)) {
      offsets.push(Number(request.headers()['upload-offset']));
    }
  });
  return offsets;
}

test('a 300 MB file: sent while it is hashed; the connection is cut for 30 s at 40% and the upload completes by itself, re-sending at most one chunk', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  await recordStatuses(page);
  const name = `Drop-${randomUUID().slice(0, 8)}.pdf`;
  const { filePath, sha256 } = await bigFile(name);
  const { card } = await draftAwaiting(page, { sha256, name });
  const offsets = patchOffsets(page);

  const cut = proxy.cutAfterBytes(0.4 * FILE_BYTES);
  await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);
  await cut;
  const offsetsBeforeDrop = offsets.length;
  // The upload's line, beside the hash's own while the file is still hashed.
  await expect(card.getByRole('status').filter({ hasText: `${CONNECTION_LOST_WORDS}:` })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resume' })).toBeVisible();
  await new Promise((resolve) => setTimeout(resolve, DROP_MS));
  await proxy.restore();

  // No click: the upload goes on by itself and the server checks the whole file.
  await expect(card.getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  const seen = await statuses(page);
  // The hash runs beside the upload, not before it: bytes were sent while it was still computed.
  const lastHashing = seen.findLastIndex((text) => text.startsWith('Computing SHA-256'));
  expect(lastHashing).toBeGreaterThanOrEqual(0);
  expect(seen.findIndex((text) => /^Uploading: (?!0 bytes)/.test(text))).toBeLessThan(lastHashing);
  expect(seen.some((text) => text.startsWith(`${CONNECTION_LOST_WORDS}:`) && text.includes('kept'))).toBe(true);
  expect(seen.some((text) => /^Uploading: .* \(resumed at /.test(text))).toBe(true);
  // "Kept" is never more than the server holds: at most where the upload then resumed.
  const megabytesIn = (pattern: RegExp) => Number(seen.map((text) => pattern.exec(text)?.[1]).find(Boolean));
  expect(megabytesIn(/retrying: ([\d.]+) MB of .* kept/)).toBeLessThanOrEqual(
    megabytesIn(/\(resumed at ([\d.]+) MB\)/),
  );
  // The first PATCH after the drop starts at most one chunk before where the drop cut.
  const resumedAt = offsets[offsetsBeforeDrop]!;
  expect(resumedAt).toBeGreaterThan(0.4 * FILE_BYTES - UPLOAD_CHUNK_BYTES - 64 * 1024);
  acceptProblems(pageProblems, droppedConnection);
  expect(pageProblems).toEqual([]);
});

test('a 300 MB file: cut, the tab closed, the file chosen again: resumed from the server’s offset without hashing it again', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  await recordStatuses(page);
  const name = `Reload-${randomUUID().slice(0, 8)}.pdf`;
  const { filePath, sha256 } = await bigFile(name);
  const { draftId, card } = await draftAwaiting(page, { sha256, name });

  const cut = proxy.cutAfterBytes(0.4 * FILE_BYTES);
  await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);
  await cut;
  // The upload's line, beside the hash's own while the file is still hashed.
  await expect(card.getByRole('status').filter({ hasText: `${CONNECTION_LOST_WORDS}:` })).toBeVisible();
  // The tab leaves the page (its File goes with it); the network comes back; the draft is opened anew.
  await page.goto(`${process.env.PORTAL_URL}/privacy`);
  await proxy.restore();
  await page.goto(`${proxy.url}/service/publishing/drafts/${draftId}`);
  await expect(card).toContainText('Awaiting upload');
  const offsets = patchOffsets(page);
  await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);
  await expect(card.getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });

  // Recognised by this browser: no second hashing pass, and the bytes the server had were not sent again.
  const seen = await statuses(page);
  expect(seen.filter((text) => text.startsWith('Computing SHA-256'))).toEqual([]);
  expect(seen.some((text) => text.includes('recognised, not hashed again'))).toBe(true);
  expect(offsets[0]).toBeGreaterThan(0.4 * FILE_BYTES - UPLOAD_CHUNK_BYTES - 64 * 1024);
  acceptProblems(pageProblems, droppedConnection);
  expect(pageProblems).toEqual([]);
});

test('three files chosen at once are sent side by side, each with its own progress, under the draft’s total', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  await recordStatuses(page);
  const files = await Promise.all(
    ['A', 'B', 'C'].map((letter) => randomFile(`Several-${letter}-${randomUUID().slice(0, 8)}.pdf`, 40)),
  );
  await draftAwaitingAll(page, files);
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().includes(PUBLISHING_PATHS.uploads)) patches.push(request.url());
  });
  await page.getByLabel('Choose several files to upload').setInputFiles(files.map((file) => file.filePath));
  for (const file of files) {
    await expect(fileCard(page, file.name).getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  }
  // Side by side: each upload's first chunk went before another's last.
  const uploads = [...new Set(patches)];
  expect(uploads).toHaveLength(3);
  for (const one of uploads) {
    for (const other of uploads.filter((url) => url !== one)) {
      expect(patches.indexOf(one)).toBeLessThan(patches.lastIndexOf(other));
    }
  }
  const seen = await statuses(page);
  expect(seen.some((text) => text.startsWith('Uploading 3 files: '))).toBe(true);
  expect(seen.filter((text) => text.startsWith('Computing SHA-256 of Several-')).length).toBeGreaterThan(0);
  expect(pageProblems).toEqual([]);
});

test('the same file chosen in two tabs for the same draft is uploaded once', async ({
  page,
  context,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  const file = await randomFile(`Two-tabs-${randomUUID().slice(0, 8)}.pdf`, 60);
  const { draftId } = await draftAwaiting(page, file);
  const other = await context.newPage();
  await other.goto(`${proxy.url}/service/publishing/drafts/${draftId}`);
  const creations: string[] = [];
  for (const tab of [page, other]) {
    tab.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith(PUBLISHING_PATHS.uploads))
        creations.push(request.url());
    });
  }
  await Promise.all(
    [page, other].map((tab) =>
      fileCard(tab, file.name).getByLabel('Choose the file again to resume').setInputFiles(file.filePath),
    ),
  );
  for (const tab of [page, other]) {
    await expect(fileCard(tab, file.name).getByRole('definition').first()).toHaveText('Uploaded', { timeout: 60_000 });
  }
  expect(creations).toHaveLength(1);
  await other.close();
  expect(pageProblems).toEqual([]);
});

test('other bytes under the same name, size and date, chosen to resume: refused by the server’s SHA-256 on the last byte, nothing kept', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  const file = await randomFile(`Other-bytes-${randomUUID().slice(0, 8)}.pdf`, 60);
  // A date in whole seconds, so that the other bytes get exactly the same one.
  const date = new Date('2026-11-20T10:00:00Z');
  await utimes(file.filePath, date, date);
  const { draftId, card } = await draftAwaiting(page, file);
  const cut = proxy.cutAfterBytes(0.4 * 60 * 1000 * 1000);
  await card.getByLabel('Choose the file again to resume').setInputFiles(file.filePath);
  await cut;
  // The upload's line, beside the hash's own while the file is still hashed.
  await expect(card.getByRole('status').filter({ hasText: `${CONNECTION_LOST_WORDS}:` })).toBeVisible();
  await page.goto(`${process.env.PORTAL_URL}/privacy`);
  await proxy.restore();

  // The same name, size and date; other bytes.
  const other = randomBytes(60 * 1000 * 1000);
  await writeFile(file.filePath, other);
  await utimes(file.filePath, date, date);
  await page.goto(`${proxy.url}/service/publishing/drafts/${draftId}`);
  await card.getByLabel('Choose the file again to resume').setInputFiles(file.filePath);
  // What the server received: the first bytes of the first file, then the other's.
  const [before, after] = uploadDigestMismatchMessage('RECEIVED', file.sha256).split('RECEIVED');
  await expect(card.getByRole('alert')).toHaveText(new RegExp(`^${before}[0-9a-f]{64}${after!.replace('.', '\\.')}$`), {
    timeout: 60_000,
  });
  await expect(card.getByRole('definition').first()).toHaveText('Awaiting upload');
  // Nothing kept: chosen once more, the file is sent anew while it is hashed, and refused as
  // not this file by whichever ends first: the hash beside it, or the server's check of the last byte.
  await card.getByLabel('Choose the file again to resume').setInputFiles(file.filePath);
  const received = createHash('sha256').update(other).digest('hex');
  const either = [
    `${file.name} is not this file: its SHA-256 is ${received}.`,
    uploadDigestMismatchMessage(received, file.sha256),
  ];
  await expect(card.getByRole('alert')).toHaveText(
    new RegExp(`^(${either.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`),
    { timeout: 60_000 },
  );
  await expect(card.getByRole('definition').first()).toHaveText('Awaiting upload');
  acceptProblems(pageProblems, droppedConnection);
  acceptProblems(pageProblems, answeredWith(422));
  expect(pageProblems).toEqual([]);
});

/**
 * The upload requests of a page (the kit's record): the uploads created, those deleted, and
 * whether only the upload's own requests failed, and only as a file gone from the disk makes them:
 * Chromium fails the chunk it could no longer read, and logs it as it logs a dropped request:
 * ERR_FILE_NOT_FOUND when it came to open the file after the removal, ERR_FAILED when the read
 * broke off with the body on its way (seen once in CI). After that PATCH tus may ask the upload's
 * offset (HEAD) before the page has found the file gone: the page's own stop of the upload aborts
 * that request (seen once in CI), as it would a PATCH still under way. `alsoFailing`: what a
 * test's own conditions may fail besides (a drop).
 */
function removedFileRequests(page: Page, alsoFailing: (request: string) => boolean = () => false) {
  const requests = uploadRequests(page);
  const failed: string[] = [];
  page.on('requestfailed', (request) =>
    failed.push(`${request.method()} ${new URL(request.url()).pathname} ${request.failure()?.errorText}`),
  );
  const answered = (kind: UploadRequest['kind'], status: number) =>
    requests.filter((request) => request.kind === kind && request.status === status).map((request) => request.upload);
  const created = () => answered('creation', 201);
  const deleted = () => answered('deletion', 204);
  const own = (method: string, reasons: string) => new RegExp(`^${method} ${created()[0]} net::ERR_(${reasons})$`);
  const unexpectedFailures = () =>
    failed.filter(
      (request) =>
        !own('PATCH', 'FILE_NOT_FOUND|FAILED|ABORTED').test(request) &&
        !own('HEAD', 'ABORTED').test(request) &&
        !alsoFailing(request),
    );
  return { created, deleted, unexpectedFailures };
}

test('a file removed from the disk while it is sent and hashed: said in words, what was sent deleted', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  const name = `Removed-${randomUUID().slice(0, 8)}.pdf`;
  const { filePath, sha256 } = await bigFile(name);
  const { card } = await draftAwaiting(page, { sha256, name });
  const requests = removedFileRequests(page);
  await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);
  // Sent and hashed at once: bytes go out while the hash's line is shown.
  await expect(card.getByRole('status').filter({ hasText: /^Uploading: (?!0 bytes)/ })).toBeVisible();
  await expect(card.getByRole('status').filter({ hasText: 'Computing SHA-256' })).toBeVisible();
  await unlink(filePath);
  await expect(card.getByRole('alert')).toHaveText(fileUnreadableMessage(name), { timeout: 60_000 });
  await expect(card.getByRole('definition').first()).toHaveText('Awaiting upload');
  // The upload begun beside the hash is stopped and its partial file deleted on the server.
  expect(requests.created()).toHaveLength(1);
  await expect.poll(() => requests.deleted()).toEqual(requests.created());
  expect(requests.unexpectedFailures()).toEqual([]);
  acceptProblems(pageProblems, (problem) => /net::ERR_(FILE_NOT_FOUND|FAILED)$/.test(problem));
  expect(pageProblems).toEqual([]);
});

test('a file removed from the disk after its hash, while its upload waits out a drop: said in words once tried again, what was sent deleted', async ({
  page,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  await signInPage(page, await newPublisher(E2E_ADMINS.uploadDrops));
  const name = `Removed-later-${randomUUID().slice(0, 8)}.pdf`;
  const { filePath, sha256 } = await bigFile(name);
  const { card } = await draftAwaiting(page, { sha256, name });
  // The upload's requests meet the drop as any request does (a reset, a refused port, a socket the cut closed).
  const requests = removedFileRequests(page, (request) => /^(HEAD|PATCH) /.test(request) && droppedConnection(request));
  const cut = proxy.cutAfterBytes(0.1 * FILE_BYTES);
  await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);
  await cut;
  await expect(card.getByRole('status').filter({ hasText: `${CONNECTION_LOST_WORDS}:` })).toBeVisible();
  // The hash reads the file to its end while the upload waits: only the upload can find it gone.
  await expect(card.getByRole('status').filter({ hasText: 'Computing SHA-256' })).toHaveCount(0, { timeout: 60_000 });
  await unlink(filePath);
  await proxy.restore();
  // Tried again, the chunk cannot be read: no drop to wait out for ten minutes, but the file's words.
  await expect(card.getByRole('alert')).toHaveText(fileUnreadableMessage(name), { timeout: 30_000 });
  await expect(card.getByRole('definition').first()).toHaveText('Awaiting upload');
  await expect(card.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
  expect(requests.created()).toHaveLength(1);
  await expect.poll(() => requests.deleted()).toEqual(requests.created());
  expect(requests.unexpectedFailures()).toEqual([]);
  acceptProblems(pageProblems, droppedConnection);
  acceptProblems(pageProblems, (problem) => /net::ERR_(FILE_NOT_FOUND|FAILED)$/.test(problem));
  expect(pageProblems).toEqual([]);
});
