import {
  fileTooLargeMessage,
  NO_DRAFT_MESSAGE,
  NO_UPLOAD_MESSAGE,
  PUBLISHING_PATHS,
  roleRequiredMessage,
  UPLOAD_FILE_NAME_MESSAGE,
  UPLOAD_LENGTH_MESSAGE,
  UPLOAD_NAMED_ALREADY_MESSAGE,
  UPLOAD_OF_ANOTHER_DRAFT_MESSAGE,
  UPLOAD_SHA256_MESSAGE,
  uploadDigestMismatchMessage,
  uploadSizeMismatchMessage,
  type CatalogueManifest,
  type Draft,
  type DraftFile,
  type DraftPreview,
  type Pib,
  type PublishedFilePage,
} from '@portal/contracts';
import { eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, readlink, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { Upload } from 'tus-js-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { blobKeyFor } from '../../plugins/blob-keys';
import { sweepDrafts } from './drafts';
import { publishingDrafts, publishingUploads } from './publishing-tables';
import { LOCK_DRAIN_MS } from './upload-routes';
import { sweepAbandonedUploads } from './uploads';
import { onePibManifest } from '../../../../../test-kit/manifests';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';

/** Small enough that a test can pass it, large enough that an upload spans several of Fastify's default body limits (1 MiB). */
const MAX_FILE_BYTES = 16 * 1024 * 1024;
const demo = useDemoPortal({ env: { PUBLISH_MAX_FILE_BYTES: String(MAX_FILE_BYTES) } });
let base = '';
beforeAll(async () => {
  base = await demo.portal.app.listen({ port: 0, host: '127.0.0.1' });
});

const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const uploadDir = () => demo.portal.app.config.publishUploadDir;
const uploadsUrl = () => `${base}${PUBLISHING_PATHS.uploads}`;
const b64 = (value: string) => Buffer.from(value).toString('base64');
const metadataHeader = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${b64(value)}`)
    .join(',');

const send = (method: 'POST' | 'PUT', url: string, authorization: string, payload: object) =>
  demo.portal.app.inject({ method, url, headers: { authorization }, payload, remoteAddress: demo.freshClient() });

/** A catalogue.json adding one Cornerstone 2.10.0 PIB whose file is named by `sha256`. */
function newPib(sha256: string, internalVariant: string, name?: string): CatalogueManifest {
  return onePibManifest({ internalVariant, variant: `Upload ${internalVariant}`, path: sha256, name });
}

async function createDraft(publisher: string, manifest: CatalogueManifest) {
  const created = await send('POST', PUBLISHING_PATHS.drafts, publisher, manifest);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Draft>();
}
const readDraft = async (publisher: string, id: string) =>
  (await demo.get(PUBLISHING_PATHS.draft.replace(':draftId', id), publisher)).json<Draft>();
const claim = (publisher: string, draftId: string, body: object) =>
  send('POST', PUBLISHING_PATHS.draftFiles.replace(':draftId', draftId), publisher, body);

/** One HTTP request to the listening portal, the body sent as given. */
function rawRequest(
  method: string,
  url: string,
  headers: Record<string, string | number>,
  body?: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** Creates an upload over raw HTTP; its absolute address. */
async function createUpload(publisher: string, fields: Record<string, string>, length: number) {
  const created = await rawRequest('POST', uploadsUrl(), {
    authorization: publisher,
    'tus-resumable': '1.0.0',
    'upload-length': length,
    'upload-metadata': metadataHeader(fields),
  });
  expect(created.status, created.body).toBe(201);
  return new URL(String(created.headers.location), base).href;
}

const patch = (publisher: string, url: string, offset: number, bytes: Buffer) =>
  rawRequest(
    'PATCH',
    url,
    {
      authorization: publisher,
      'tus-resumable': '1.0.0',
      'upload-offset': offset,
      'content-type': 'application/offset+octet-stream',
      'content-length': bytes.length,
    },
    bytes,
  );
/** The descriptors this process (the portal under test, and its writer thread) holds open on a file. */
async function descriptorsOn(file: string): Promise<number> {
  const fds = await readdir('/proc/self/fd');
  const targets = await Promise.all(fds.map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return targets.filter((target) => target === file).length;
}
const partialFileOf = (url: string) => path.join(uploadDir(), new URL(url).pathname.split('/').at(-1)!);

const head = (publisher: string, url: string) =>
  rawRequest('HEAD', url, { authorization: publisher, 'tus-resumable': '1.0.0' });

/** Uploads `bytes` for a draft with the browser's own client (tus-js-client, here on Node). */
function tusUpload(publisher: string, draftId: string, bytes: Buffer, name: string, sha256 = sha256Of(bytes)) {
  return new Promise<void>((resolve, reject) => {
    new Upload(bytes, {
      endpoint: uploadsUrl(),
      headers: { authorization: publisher },
      metadata: { draftId, sha256, filename: name },
      retryDelays: [],
      onError: reject,
      onSuccess: () => resolve(),
    }).start();
  });
}

/** A publisher of its own (named after the file), a draft naming `size` new bytes as `name`, and the upload created for them. */
async function draftAwaitingUpload(name: string, size: number) {
  const slug = name.replace(/\.\w+$/, '').toLowerCase();
  const publisher = await demo.signIn(`uploads-${slug}@example.com`, ['publisher']);
  const bytes = randomBytes(size);
  const sha256 = sha256Of(bytes);
  const draftId = (await createDraft(publisher, newPib(sha256, slug, name))).draft.id;
  const url = await createUpload(publisher, { draftId, sha256, filename: name }, bytes.length);
  return { publisher, bytes, sha256, draftId, url };
}

describe('uploads into drafts: resumable (tus), hashed while received, checked before any byte', () => {
  it('receives a file with the browser’s tus client: the draft shows it uploaded with its size; publishing it serves the same bytes', async () => {
    const publisher = await demo.signIn('uploads-publisher@example.com', ['publisher']);
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    const sha256 = sha256Of(bytes);
    const draft = await createDraft(publisher, newPib(sha256, 'uploaded', 'Bulletin.pdf'));
    expect(draft.files).toEqual([{ sha256, name: 'Bulletin.pdf', state: 'awaiting upload', sizeBytes: null }]);

    const claimed = await claim(publisher, draft.draft.id, { sha256, name: 'Bulletin.pdf', sizeBytes: bytes.length });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json<DraftFile>()).toEqual({
      sha256,
      name: 'Bulletin.pdf',
      state: 'awaiting upload',
      sizeBytes: null,
    });

    await tusUpload(publisher, draft.draft.id, bytes, 'Bulletin.pdf');
    const read = await readDraft(publisher, draft.draft.id);
    expect(read.files).toEqual([{ sha256, name: 'Bulletin.pdf', state: 'uploaded', sizeBytes: bytes.length }]);
    // Nothing of it is left among the partial uploads; the bytes are in the blob store.
    expect(await readdir(uploadDir())).toEqual([]);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(sha256))).toBe(true);
    const [recorded] = await demo.portal.database.db
      .select()
      .from(publishingUploads)
      .where(eq(publishingUploads.draftId, draft.draft.id));
    expect(recorded).toMatchObject({
      sha256,
      name: 'Bulletin.pdf',
      sizeBytes: bytes.length,
      uploadedBy: 'uploads-publisher@example.com',
    });

    const previewed = (
      await send('POST', PUBLISHING_PATHS.preview.replace(':draftId', draft.draft.id), publisher, {})
    ).json<DraftPreview>();
    expect(previewed.problems).toEqual([]);
    const published = await send('POST', PUBLISHING_PATHS.publication.replace(':draftId', draft.draft.id), publisher, {
      catalogueVersion: previewed.catalogueVersion,
    });
    expect(published.statusCode, published.body).toBe(200);

    const pib = (await demo.get('/v1/ProductInformationBulletins', DEMO.CS))
      .json<Pib[]>()
      .find((entry) => entry.internalVariant === 'uploaded');
    expect(pib).toBeDefined();
    const download = await fetch(new URL(pib!.uri, base));
    expect(download.status).toBe(200);
    expect(sha256Of(Buffer.from(await download.arrayBuffer()))).toBe(sha256);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    expect(files.find((file) => file.sha256 === sha256)).toMatchObject({ sizeBytes: bytes.length });
  });

  it('receives a file over raw HTTP in parts, and resumes after a PATCH dropped mid-body from the offset HEAD gives, the partial file left open by neither', async () => {
    const { publisher, bytes, sha256, draftId, url } = await draftAwaitingUpload('Raw.zip', 4 * 1024 * 1024);

    const first = await patch(publisher, url, 0, bytes.subarray(0, 1024 * 1024));
    expect(first.status, first.body).toBe(204);
    // Same origin only: no CORS grant for another site.
    expect(first.headers['access-control-allow-origin']).toBeUndefined();
    expect(first.headers['upload-offset']).toBe(String(1024 * 1024));
    // The PATCH answered, the partial file is closed (an upload held open would leak a descriptor each).
    expect(await descriptorsOn(partialFileOf(url))).toBe(0);

    // A PATCH that states the rest but drops after another MiB: the connection is cut mid-body.
    await new Promise<void>((resolve) => {
      const dropped = httpRequest(url, {
        method: 'PATCH',
        headers: {
          authorization: publisher,
          'tus-resumable': '1.0.0',
          'upload-offset': 1024 * 1024,
          'content-type': 'application/offset+octet-stream',
          'content-length': bytes.length - 1024 * 1024,
        },
      });
      dropped.on('error', () => resolve());
      dropped.write(bytes.subarray(1024 * 1024, 2 * 1024 * 1024), () => setTimeout(() => dropped.destroy(), 200));
    });
    // The server keeps what reached it; HEAD says where to go on from.
    let offset = 0;
    await expect
      .poll(async () => {
        const answer = await head(publisher, url);
        offset = Number(answer.headers['upload-offset']);
        return answer.status === 200 && offset > 1024 * 1024;
      })
      .toBe(true);
    expect(offset).toBeLessThanOrEqual(2 * 1024 * 1024);
    expect(await descriptorsOn(partialFileOf(url))).toBe(0);
    const rest = await patch(publisher, url, offset, bytes.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { sha256, name: 'Raw.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);
  });

  it('keeps every byte of PATCHes that start and end inside a page, beside whole pages written past the page cache', async () => {
    const { publisher, bytes, sha256, draftId, url } = await draftAwaitingUpload(
      'Uneven.zip',
      3 * 1024 * 1024 + 12_345,
    );
    // A byte, a page less one, a page and a byte, a MiB and five: each next PATCH starts mid-page.
    const ends = [1, 4096, 8193, 8193 + (1 << 20) + 5, 2 * 1024 * 1024 + 4095];
    let offset = 0;
    for (const end of ends) {
      const answer = await patch(publisher, url, offset, bytes.subarray(offset, end));
      expect(answer.status, answer.body).toBe(204);
      offset = end;
    }
    // Compared by hash: a deep comparison of megabytes takes the test runner seconds.
    expect(sha256Of(await readFile(partialFileOf(url)))).toBe(sha256Of(bytes.subarray(0, offset)));
    const rest = await patch(publisher, url, offset, bytes.subarray(offset));
    expect(rest.status, rest.body).toBe(204);
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { sha256, name: 'Uneven.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);
    // The writer's check of what the disk takes leaves nothing behind.
    expect((await readdir(uploadDir())).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('receives three files at once, their PATCHes interleaved across the writer threads: each file is uploaded whole with its own bytes', async () => {
    const uploads = await Promise.all(
      ['Parallel-A.zip', 'Parallel-B.zip', 'Parallel-C.zip'].map((name, n) =>
        draftAwaitingUpload(name, 3 * 1024 * 1024 + 1000 * n),
      ),
    );
    // Four PATCHes each, every round sent to all three at once.
    for (const quarter of [1, 2, 3, 4]) {
      const answers = await Promise.all(
        uploads.map(({ publisher, bytes, url }) => {
          const from = Math.floor(((quarter - 1) * bytes.length) / 4);
          return patch(publisher, url, from, bytes.subarray(from, Math.floor((quarter * bytes.length) / 4)));
        }),
      );
      for (const answer of answers) expect(answer.status, answer.body).toBe(204);
    }
    for (const { publisher, bytes, sha256, draftId } of uploads) {
      expect((await readDraft(publisher, draftId)).files).toEqual([
        expect.objectContaining({ sha256, state: 'uploaded', sizeBytes: bytes.length }),
      ]);
    }
  });

  it('lets a new PATCH at the offset HEAD gives take over from one whose client went silent: within seconds, its bytes never mixed with the old one’s', async () => {
    const { publisher, bytes, sha256, draftId, url } = await draftAwaitingUpload('Silent.zip', 4 * 1024 * 1024);
    const MiB = 1024 * 1024;

    // A PATCH that sends a MiB and then nothing, its connection left open: a Wi-Fi gone, the
    // server not told (no reset), the request still holding the upload.
    const silent = httpRequest(url, {
      method: 'PATCH',
      headers: {
        authorization: publisher,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'content-length': bytes.length,
      },
    });
    silent.on('error', () => undefined);
    silent.write(bytes.subarray(0, MiB));
    await expect
      .poll(async () => Number((await head(publisher, url)).headers['upload-offset']), { timeout: 10_000 })
      .toBe(MiB);

    // The client comes back on a new connection and sends the rest from there.
    const started = Date.now();
    const rest = await patch(publisher, url, MiB, bytes.subarray(MiB));
    expect(rest.status, rest.body).toBe(204);
    expect(Date.now() - started).toBeLessThan(LOCK_DRAIN_MS + 1_500);
    // No byte of the old request came in among the new one's: the server's SHA-256 of the whole was the draft's.
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { sha256, name: 'Silent.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);
    silent.destroy();
  });

  it('refuses a PATCH with more bytes than the upload has left (413), stated or chunked, and keeps the upload resumable', async () => {
    const { publisher, bytes, sha256, draftId, url } = await draftAwaitingUpload('Overlong.zip', 256 * 1024);
    const tooMuch = Buffer.concat([bytes, randomBytes(64 * 1024)]);
    const refusal = { message: 'This request sends more bytes than the upload has left.' };

    // Its Content-Length says so: refused before a byte is read.
    const stated = await patch(publisher, url, 0, tooMuch);
    expect(stated.status).toBe(413);
    expect(JSON.parse(stated.body)).toEqual(refusal);
    expect((await head(publisher, url)).headers['upload-offset']).toBe('0');

    // A chunked body (no length stated) that goes on past the upload's end: refused when it gets there.
    const chunked = await rawRequest(
      'PATCH',
      url,
      {
        authorization: publisher,
        'tus-resumable': '1.0.0',
        'upload-offset': 0,
        'content-type': 'application/offset+octet-stream',
        'transfer-encoding': 'chunked',
      },
      tooMuch,
    );
    expect(chunked.status).toBe(413);
    expect(JSON.parse(chunked.body)).toEqual(refusal);
    expect(chunked.headers['content-type']).toMatch(/^application\/json/);
    // Of the bytes before the excess, what reached the disk is kept: the upload goes on from there.
    const answer = await head(publisher, url);
    const offset = Number(answer.headers['upload-offset']);
    expect(offset).toBeLessThanOrEqual(bytes.length);
    if (offset < bytes.length) {
      const rest = await patch(publisher, url, offset, bytes.subarray(offset));
      expect(rest.status, rest.body).toBe(204);
    }
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { sha256, name: 'Overlong.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);
    expect(await descriptorsOn(partialFileOf(url))).toBe(0);
  });

  it('finishes an upload whose every byte reached the disk but that was never finished (the portal died in between) when HEAD asks about it', async () => {
    const { publisher, bytes, sha256, draftId, url } = await draftAwaitingUpload('Unfinished.zip', 300_000);
    // The bytes land on the disk as a PATCH writes them, and no finish follows.
    await writeFile(path.join(uploadDir(), path.basename(new URL(url).pathname)), bytes);
    const asked = await head(publisher, url);
    expect(asked.status).toBe(200);
    expect(asked.headers['upload-offset']).toBe(String(bytes.length));
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { sha256, name: 'Unfinished.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);
    expect(await readdir(uploadDir())).toEqual([]);

    // Bytes that are not the named ones are refused there as the last PATCH would: nothing kept.
    const named = sha256Of(Buffer.from('named'));
    const wrong = await createDraft(publisher, newPib(named, 'unfinished-wrong', 'Wrong.zip'));
    const wrongUrl = await createUpload(
      publisher,
      { draftId: wrong.draft.id, sha256: named, filename: 'Wrong.zip' },
      bytes.length,
    );
    await writeFile(path.join(uploadDir(), path.basename(new URL(wrongUrl).pathname)), bytes);
    expect((await head(publisher, wrongUrl)).status).toBe(422);
    expect(await readdir(uploadDir())).toEqual([]);
    expect((await readDraft(publisher, wrong.draft.id)).files[0]!.state).toBe('awaiting upload');
  });

  it('refuses bytes whose SHA-256 is not the one the draft names: the message names both, nothing is kept, the draft is unchanged', async () => {
    const publisher = await demo.signIn('uploads-mismatch@example.com', ['publisher']);
    const bytes = randomBytes(200_000);
    const named = sha256Of(Buffer.from('something else'));
    const draft = await createDraft(publisher, newPib(named, 'mismatch', 'Wrong.pdf'));
    const url = await createUpload(
      publisher,
      { draftId: draft.draft.id, sha256: named, filename: 'Wrong.pdf' },
      bytes.length,
    );
    const answer = await patch(publisher, url, 0, bytes);
    expect(answer.status).toBe(422);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body)).toEqual({ message: uploadDigestMismatchMessage(sha256Of(bytes), named) });
    expect(await readdir(uploadDir())).toEqual([]);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(sha256Of(bytes)))).toBe(false);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(named))).toBe(false);
    const read = await readDraft(publisher, draft.draft.id);
    expect(read.files).toEqual([{ sha256: named, name: 'Wrong.pdf', state: 'awaiting upload', sizeBytes: null }]);
    expect((await head(publisher, url)).status).toBe(404);
  });

  it('does not ask again for bytes the portal has: a published file is stored, another draft’s upload is linked', async () => {
    const publisher = await demo.signIn('uploads-dedupe@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const published = files[0]!;
    const draft = await createDraft(publisher, newPib(published.sha256, 'dedupe'));
    const stored = await claim(publisher, draft.draft.id, {
      sha256: published.sha256,
      name: 'Again.pdf',
      sizeBytes: published.sizeBytes,
    });
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json<DraftFile>()).toEqual({
      sha256: published.sha256,
      name: 'Again.pdf',
      state: 'stored',
      sizeBytes: published.sizeBytes,
    });

    const bytes = randomBytes(50_000);
    const sha256 = sha256Of(bytes);
    const first = await createDraft(publisher, newPib(sha256, 'dedupe-first', 'Shared.zip'));
    await tusUpload(publisher, first.draft.id, bytes, 'Shared.zip');
    const second = await createDraft(publisher, newPib(sha256, 'dedupe-second', 'Shared.zip'));
    const linked = await claim(publisher, second.draft.id, { sha256, name: 'Shared.zip', sizeBytes: bytes.length });
    expect(linked.json<DraftFile>()).toEqual({
      sha256,
      name: 'Shared.zip',
      state: 'uploaded',
      sizeBytes: bytes.length,
    });
    expect((await readDraft(publisher, second.draft.id)).files).toEqual([
      { sha256, name: 'Shared.zip', state: 'uploaded', sizeBytes: bytes.length },
    ]);

    const unknown = sha256Of(randomBytes(16));
    const awaited = await claim(publisher, second.draft.id, { sha256: unknown, name: 'New.zip', sizeBytes: 10 });
    expect(awaited.json<DraftFile>()).toEqual({
      sha256: unknown,
      name: 'New.zip',
      state: 'awaiting upload',
      sizeBytes: null,
    });
  });

  it('refuses a file past PUBLISH_MAX_FILE_BYTES before any byte, at the claim and at the upload’s creation', async () => {
    const publisher = await demo.signIn('uploads-limit@example.com', ['publisher']);
    const sha256 = sha256Of(Buffer.from('large'));
    const draft = await createDraft(publisher, newPib(sha256, 'limit'));
    const message = fileTooLargeMessage(MAX_FILE_BYTES + 1, MAX_FILE_BYTES);
    expect(message).toBe('This file is 16.0 MiB; a publisher may upload at most 16.0 MiB (PUBLISH_MAX_FILE_BYTES).');
    const claimed = await claim(publisher, draft.draft.id, {
      sha256,
      name: 'Large.zip',
      sizeBytes: MAX_FILE_BYTES + 1,
    });
    expect(claimed.statusCode).toBe(413);
    expect(claimed.json()).toEqual({ message });
    const created = await rawRequest('POST', uploadsUrl(), {
      authorization: publisher,
      'tus-resumable': '1.0.0',
      'upload-length': MAX_FILE_BYTES + 1,
      'upload-metadata': metadataHeader({ draftId: draft.draft.id, sha256, filename: 'Large.zip' }),
    });
    expect(created.status).toBe(413);
    expect(JSON.parse(created.body)).toEqual({ message });
    expect(created.headers.location).toBeUndefined();
    expect(fileTooLargeMessage(9 * 1024 ** 3, 8 * 1024 ** 3)).toBe(
      'This file is 9.0 GiB; a publisher may upload at most 8.0 GiB (PUBLISH_MAX_FILE_BYTES).',
    );
    // A length given later is no length: refused too.
    const deferred = await rawRequest('POST', uploadsUrl(), {
      authorization: publisher,
      'tus-resumable': '1.0.0',
      'upload-defer-length': 1,
      'upload-metadata': metadataHeader({ draftId: draft.draft.id, sha256, filename: 'Large.zip' }),
    });
    expect(deferred.status).toBe(400);
    expect(JSON.parse(deferred.body)).toEqual({ message: UPLOAD_LENGTH_MESSAGE });
  });

  it('refuses bad names, a bad SHA-256 and no draft with a 400 and a message, at the claim and at creation', async () => {
    const publisher = await demo.signIn('uploads-names@example.com', ['publisher']);
    const sha256 = sha256Of(Buffer.from('names'));
    const draft = await createDraft(publisher, newPib(sha256, 'names'));
    const create = (fields: Record<string, string>) =>
      rawRequest('POST', uploadsUrl(), {
        authorization: publisher,
        'tus-resumable': '1.0.0',
        'upload-length': 10,
        'upload-metadata': metadataHeader(fields),
      });
    for (const name of ['../escape.zip', 'nul\u0000.zip', 'a/b.zip', 'a\\b.zip', 'x'.repeat(256)]) {
      const claimed = await claim(publisher, draft.draft.id, { sha256, name: name.slice(0, 255), sizeBytes: 10 });
      if (name.length <= 255) {
        expect(claimed.statusCode, name).toBe(400);
        expect(claimed.json(), name).toEqual({ message: UPLOAD_FILE_NAME_MESSAGE });
      }
      const created = await create({ draftId: draft.draft.id, sha256, filename: name });
      expect(created.status, name).toBe(400);
      expect(JSON.parse(created.body), name).toEqual({ message: UPLOAD_FILE_NAME_MESSAGE });
    }
    const badSha = await create({ draftId: draft.draft.id, sha256: sha256.toUpperCase(), filename: 'ok.zip' });
    expect(JSON.parse(badSha.body)).toEqual({ message: UPLOAD_SHA256_MESSAGE });
    const noDraft = await create({ draftId: '00000000-0000-4000-8000-000000000000', sha256, filename: 'ok.zip' });
    expect(noDraft.status).toBe(400);
    expect(JSON.parse(noDraft.body)).toEqual({ message: NO_DRAFT_MESSAGE });
    const claimNoDraft = await claim(publisher, '00000000-0000-4000-8000-000000000000', {
      sha256,
      name: 'ok.zip',
      sizeBytes: 10,
    });
    expect(claimNoDraft.statusCode).toBe(404);
    expect(claimNoDraft.json()).toEqual({ message: NO_DRAFT_MESSAGE });
    expect(await readdir(uploadDir())).toEqual([]);
  });

  it('refuses every upload route to a staff member without the publisher role (403), and to no session (401)', async () => {
    const publisher = await demo.signIn('uploads-owner@example.com', ['publisher']);
    const service = await demo.signIn('uploads-service@example.com', ['service']);
    const bytes = randomBytes(1000);
    const sha256 = sha256Of(bytes);
    const draft = await createDraft(publisher, newPib(sha256, 'roles'));
    const url = await createUpload(publisher, { draftId: draft.draft.id, sha256, filename: 'Roles.zip' }, bytes.length);
    const tus = { 'tus-resumable': '1.0.0' };
    const attempts = (authorization?: string) => {
      const auth: Record<string, string> = authorization ? { authorization } : {};
      return [
        rawRequest('POST', uploadsUrl(), {
          ...auth,
          ...tus,
          'upload-length': 10,
          'upload-metadata': metadataHeader({ draftId: draft.draft.id, sha256, filename: 'x.zip' }),
        }),
        rawRequest('HEAD', url, { ...auth, ...tus }),
        rawRequest(
          'PATCH',
          url,
          { ...auth, ...tus, 'upload-offset': 0, 'content-type': 'application/offset+octet-stream' },
          bytes,
        ),
        rawRequest('DELETE', url, { ...auth, ...tus }),
        rawRequest(
          'POST',
          `${base}${PUBLISHING_PATHS.draftFiles.replace(':draftId', draft.draft.id)}`,
          { ...auth, 'content-type': 'application/json' },
          Buffer.from(JSON.stringify({ sha256, name: 'x.zip', sizeBytes: 10 })),
        ),
      ];
    };
    for (const answer of await Promise.all(attempts(service))) {
      expect(answer.status).toBe(403);
      if (answer.body !== '') expect(JSON.parse(answer.body)).toEqual({ message: roleRequiredMessage('publisher') });
    }
    for (const answer of await Promise.all(attempts())) expect(answer.status).toBe(401);
    // Nothing was written: the upload is where it was.
    expect((await head(publisher, url)).headers['upload-offset']).toBe('0');
    const discarded = await rawRequest('DELETE', url, { authorization: publisher, ...tus });
    expect(discarded.status).toBe(204);
    expect((await head(publisher, url)).status).toBe(404);
  });

  it('sweeps partial uploads untouched for DRAFT_EXPIRY_DAYS, and the blobs of expired drafts’ uploads', async () => {
    const publisher = await demo.signIn('uploads-sweep@example.com', ['publisher']);
    const { db } = demo.portal.database;
    const days = demo.portal.app.config.draftExpiryDays;
    const dayMs = 24 * 60 * 60 * 1_000;

    const partial = randomBytes(1000);
    const partialSha = sha256Of(partial);
    const partialDraft = await createDraft(publisher, newPib(partialSha, 'sweep-partial'));
    const url = await createUpload(
      publisher,
      { draftId: partialDraft.draft.id, sha256: partialSha, filename: 'Partial.zip' },
      partial.length,
    );
    expect((await patch(publisher, url, 0, partial.subarray(0, 400))).status).toBe(204);
    const id = path.basename(new URL(url).pathname);
    expect(await sweepAbandonedUploads(uploadDir(), days)).toEqual([]);
    // Untouched since long ago: swept, and a resume is told it is gone.
    const old = new Date(Date.now() - (days + 1) * dayMs);
    for (const name of [id, `${id}.json`]) await utimes(path.join(uploadDir(), name), old, old);
    expect(await sweepAbandonedUploads(uploadDir(), days)).toEqual([id]);
    expect(await readdir(uploadDir())).toEqual([]);
    expect((await head(publisher, url)).status).toBe(404);

    // A completed upload of a draft that then expires: its blob outlives the draft only until the next sweep.
    const bytes = randomBytes(2000);
    const sha256 = sha256Of(bytes);
    const draft = await createDraft(publisher, newPib(sha256, 'sweep-expired', 'Expiring.zip'));
    await tusUpload(publisher, draft.draft.id, bytes, 'Expiring.zip');
    const blobStore = demo.portal.app.blobStore;
    // Past the sweep's grace, the draft still open: the upload's row spares the blob.
    const later = Date.now() + 2 * 60 * 60 * 1_000;
    await sweepDrafts(db, { blobStore, expiryDays: days, nowMs: later });
    expect(await blobStore.has(blobKeyFor(sha256))).toBe(true);
    // The draft expires: its upload rows go with it, then its blob.
    const expired = Date.now() + (days + 1) * dayMs;
    const swept = await sweepDrafts(db, { blobStore, expiryDays: days, nowMs: expired });
    expect(swept.drafts).toBeGreaterThanOrEqual(1);
    expect(swept.blobs?.unreferenced).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(publishingUploads).where(eq(publishingUploads.draftId, draft.draft.id))).toEqual([]);
    expect(await db.select().from(publishingDrafts).where(eq(publishingDrafts.id, draft.draft.id))).toEqual([]);
    expect(await blobStore.has(blobKeyFor(sha256))).toBe(false);
    // Published files are never swept.
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    for (const file of files) expect(await blobStore.has(blobKeyFor(file.sha256))).toBe(true);
  });
});

describe('uploads created before their SHA-256 is known, named by the claim that gives their ID (decision 282)', () => {
  const tus = { 'tus-resumable': '1.0.0' };
  const uploadIdOf = (url: string) => path.basename(new URL(url).pathname);
  const nameUpload = (
    publisher: string,
    draftId: string,
    file: { sha256: string; name: string; size: number },
    uploadId: string,
  ) => claim(publisher, draftId, { sha256: file.sha256, name: file.name, sizeBytes: file.size, uploadId });
  const discard = (publisher: string, url: string) => rawRequest('DELETE', url, { authorization: publisher, ...tus });
  const publishedOrRefused = async (publisher: string, draftId: string) => {
    const previewed = (
      await send('POST', PUBLISHING_PATHS.preview.replace(':draftId', draftId), publisher, {})
    ).json<DraftPreview>();
    return send('POST', PUBLISHING_PATHS.publication.replace(':draftId', draftId), publisher, {
      catalogueVersion: previewed.catalogueVersion,
    });
  };

  /** A publisher of its own, a draft naming `size` new bytes as `name`, and an upload created for them with no SHA-256. */
  async function uploadNamedLater(name: string, size: number, namedSha256?: string) {
    const slug = name.replace(/\.\w+$/, '').toLowerCase();
    const publisher = await demo.signIn(`late-${slug}@example.com`, ['publisher']);
    const bytes = randomBytes(size);
    const sha256 = namedSha256 ?? sha256Of(bytes);
    const draftId = (await createDraft(publisher, newPib(sha256, `late-${slug}`, name))).draft.id;
    const url = await createUpload(publisher, { draftId, filename: name }, bytes.length);
    return { publisher, bytes, draftId, url, file: { sha256, name, size }, uploadId: uploadIdOf(url) };
  }

  it('keeps the file when the claim names its SHA-256 before the last byte: checked at the last byte as if named at creation', async () => {
    const { publisher, bytes, draftId, url, file, uploadId } = await uploadNamedLater('Early.zip', 3 * 1024 * 1024);
    expect((await patch(publisher, url, 0, bytes.subarray(0, 1024 * 1024))).status).toBe(204);
    const named = await nameUpload(publisher, draftId, file, uploadId);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<DraftFile>()).toEqual({ ...pick(file), state: 'awaiting upload', sizeBytes: null });
    expect((await patch(publisher, url, 1024 * 1024, bytes.subarray(1024 * 1024))).status).toBe(204);
    expect((await readDraft(publisher, draftId)).files).toEqual([
      { ...pick(file), state: 'uploaded', sizeBytes: bytes.length },
    ]);
    expect(await readdir(uploadDir())).toEqual([]);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(file.sha256))).toBe(true);
  });

  it('keeps the file when the claim comes after the last byte: the claim checks the bytes and answers uploaded', async () => {
    const { publisher, bytes, draftId, url, file, uploadId } = await uploadNamedLater('Late.zip', 2 * 1024 * 1024 + 17);
    expect((await patch(publisher, url, 0, bytes)).status).toBe(204);
    // Every byte is in, but nothing names them yet: not the draft's file.
    expect((await readDraft(publisher, draftId)).files[0]!.state).toBe('awaiting upload');
    expect(await demo.portal.app.blobStore.has(blobKeyFor(file.sha256))).toBe(false);
    const named = await nameUpload(publisher, draftId, file, uploadId);
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<DraftFile>()).toEqual({ ...pick(file), state: 'uploaded', sizeBytes: bytes.length });
    expect(await readdir(uploadDir())).toEqual([]);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(file.sha256))).toBe(true);
    expect((await head(publisher, url)).status).toBe(404);
    // The same claim again (a retry whose answer was lost) finds the file uploaded.
    expect((await nameUpload(publisher, draftId, file, uploadId)).json<DraftFile>().state).toBe('uploaded');
  });

  it('refuses bytes whose SHA-256 is not the one the claim names, before or after their last byte: 422 naming both, nothing kept', async () => {
    const other = sha256Of(Buffer.from('not these bytes'));
    const after = await uploadNamedLater('Other-after.zip', 100_000, other);
    expect((await patch(after.publisher, after.url, 0, after.bytes)).status).toBe(204);
    const refused = await nameUpload(after.publisher, after.draftId, after.file, after.uploadId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: uploadDigestMismatchMessage(sha256Of(after.bytes), other) });
    expect((await head(after.publisher, after.url)).status).toBe(404);

    const before = await uploadNamedLater('Other-before.zip', 100_000, other);
    expect((await nameUpload(before.publisher, before.draftId, before.file, before.uploadId)).statusCode).toBe(200);
    const last = await patch(before.publisher, before.url, 0, before.bytes);
    expect(last.status).toBe(422);
    expect(JSON.parse(last.body)).toEqual({ message: uploadDigestMismatchMessage(sha256Of(before.bytes), other) });

    for (const { publisher, draftId, bytes } of [after, before]) {
      expect((await readDraft(publisher, draftId)).files[0]!.state).toBe('awaiting upload');
      expect(await demo.portal.app.blobStore.has(blobKeyFor(sha256Of(bytes)))).toBe(false);
    }
    expect(await demo.portal.app.blobStore.has(blobKeyFor(other))).toBe(false);
    expect(await readdir(uploadDir())).toEqual([]);
  });

  it('keeps nothing for the draft while no claim names the SHA-256: the bytes wait unchecked, the draft cannot be published', async () => {
    const { publisher, bytes, draftId, url, file } = await uploadNamedLater('Unnamed.zip', 300_000);
    expect((await patch(publisher, url, 0, bytes)).status).toBe(204);
    const asked = await head(publisher, url);
    expect(asked.status).toBe(200);
    expect(asked.headers['upload-offset']).toBe(String(bytes.length));
    expect((await readDraft(publisher, draftId)).files[0]!.state).toBe('awaiting upload');
    expect(
      await demo.portal.database.db.select().from(publishingUploads).where(eq(publishingUploads.draftId, draftId)),
    ).toEqual([]);
    expect(await demo.portal.app.blobStore.has(blobKeyFor(file.sha256))).toBe(false);
    const published = await publishedOrRefused(publisher, draftId);
    expect(published.statusCode).toBe(409);
    expect((await discard(publisher, url)).status).toBe(204);
    expect(await readdir(uploadDir())).toEqual([]);
  });

  it('deletes the upload when its claim finds the bytes stored already: nothing more is sent or kept', async () => {
    const publisher = await demo.signIn('late-stored@example.com', ['publisher']);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const published = files[0]!;
    const draftId = (await createDraft(publisher, newPib(published.sha256, 'late-stored'))).draft.id;
    const url = await createUpload(publisher, { draftId, filename: 'Again.pdf' }, published.sizeBytes);
    expect((await patch(publisher, url, 0, randomBytes(Math.min(1000, published.sizeBytes - 1)))).status).toBe(204);
    const stored = await nameUpload(
      publisher,
      draftId,
      { sha256: published.sha256, name: 'Again.pdf', size: published.sizeBytes },
      uploadIdOf(url),
    );
    expect(stored.statusCode, stored.body).toBe(200);
    expect(stored.json<DraftFile>().state).toBe('stored');
    expect((await head(publisher, url)).status).toBe(404);
    expect(await readdir(uploadDir())).toEqual([]);
  });

  it('refuses bad claims and creations with a 4xx and a message, changing nothing', async () => {
    const { publisher, bytes, draftId, url, file, uploadId } = await uploadNamedLater('Refusals.zip', 5000);
    const claimsUrl = PUBLISHING_PATHS.draftFiles.replace(':draftId', draftId);
    const rawClaim = (json: string) =>
      demo.portal.app.inject({
        method: 'POST',
        url: claimsUrl,
        headers: { authorization: publisher, 'content-type': 'application/json' },
        payload: json,
        remoteAddress: demo.freshClient(),
      });
    const body = (sizeBytes: string, sha256 = file.sha256, id = `"${uploadId}"`) =>
      `{"sha256":"${sha256}","name":"${file.name}","sizeBytes":${sizeBytes},"uploadId":${id}}`;
    const bad = [
      body('1e9999'),
      body('Infinity'),
      body('9'.repeat(400)),
      body('-1'),
      body('1.5'),
      body(String(bytes.length), file.sha256.slice(1)),
      body(String(bytes.length), `${file.sha256}0`),
      body(String(bytes.length), file.sha256, '"xyz"'),
      body(String(bytes.length), file.sha256, `"${uploadId.toUpperCase()}"`),
      body(String(bytes.length), file.sha256, '1e9999'),
    ];
    for (const json of bad) {
      const answer = await rawClaim(json);
      expect(answer.statusCode, json).toBe(400);
      expect(typeof answer.json<{ message: unknown }>().message, json).toBe('string');
    }

    const unknown = await nameUpload(publisher, draftId, file, '0'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: NO_UPLOAD_MESSAGE });
    const wrongSize = await nameUpload(publisher, draftId, { ...file, size: bytes.length + 1 }, uploadId);
    expect(wrongSize.statusCode).toBe(409);
    expect(wrongSize.json()).toEqual({ message: uploadSizeMismatchMessage(bytes.length, bytes.length + 1) });
    const elsewhere = (await createDraft(publisher, newPib(file.sha256, 'late-elsewhere'))).draft.id;
    const otherDraft = await nameUpload(publisher, elsewhere, file, uploadId);
    expect(otherDraft.statusCode).toBe(409);
    expect(otherDraft.json()).toEqual({ message: UPLOAD_OF_ANOTHER_DRAFT_MESSAGE });
    const namedAtCreation = await createUpload(
      publisher,
      { draftId, sha256: sha256Of(Buffer.from('named')), filename: file.name },
      bytes.length,
    );
    const renamed = await nameUpload(publisher, draftId, file, uploadIdOf(namedAtCreation));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json()).toEqual({ message: UPLOAD_NAMED_ALREADY_MESSAGE });

    const create = (length: string, metadata: string) =>
      rawRequest('POST', uploadsUrl(), {
        authorization: publisher,
        ...tus,
        'upload-length': length,
        'upload-metadata': metadata,
      });
    const fields = metadataHeader({ draftId, filename: file.name });
    for (const length of ['1e9999', 'Infinity', '9'.repeat(400), '-1', '1.5']) {
      const created = await create(length, fields);
      expect(created.status, length).toBe(400);
      expect(typeof JSON.parse(created.body).message, length).toBe('string');
    }
    for (const metadata of [
      `${fields},sha256`,
      `${fields},sha256 ${b64(file.sha256.slice(1))}`,
      `${fields},sha256 ${b64(`${file.sha256}0`)}`,
    ]) {
      const created = await create('10', metadata);
      expect(created.status, metadata).toBe(400);
      expect(JSON.parse(created.body)).toEqual({ message: UPLOAD_SHA256_MESSAGE });
    }

    // The upload refused nothing of its own: still at 0, still unnamed, and it takes its bytes.
    expect((await head(publisher, url)).headers['upload-offset']).toBe('0');
    expect((await patch(publisher, url, 0, bytes)).status).toBe(204);
    expect((await nameUpload(publisher, draftId, file, uploadId)).json<DraftFile>().state).toBe('uploaded');
    expect((await discard(publisher, namedAtCreation)).status).toBe(204);
    expect(await readdir(uploadDir())).toEqual([]);
  });
});

/** A claimed file as the draft lists it, without its state and size. */
function pick(file: { sha256: string; name: string }) {
  return { sha256: file.sha256, name: file.name };
}
