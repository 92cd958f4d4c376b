import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFailingProxy, startS3Server, type S3Server } from '../../test/s3-server';
import { loadConfig } from '../config/config';
import { blobKeyFor } from './blob-keys';
import { MULTIPART_PART_BYTES, S3BlobStore } from './s3-blob-store';

// s3rver checks the signature of every signed request and the expiry of presigned URLs, but
// it also serves unsigned requests, which a private bucket would refuse. So "the bucket is
// private" is checked here on our side: what we hand out is a presigned URL whose signature
// and expiry s3rver verifies, and a URL with a tampered signature or past its life is refused.

let s3: S3Server;
let store: S3BlobStore;
let folder: string;

const storeFor = (endpoint: string) => new S3BlobStore(loadConfig({ ...s3.env, S3_ENDPOINT: endpoint }).s3!);

async function fileOf(bytes: Buffer) {
  const source = path.join(folder, randomBytes(6).toString('hex'));
  await writeFile(source, bytes);
  return { source, key: blobKeyFor(createHash('sha256').update(bytes).digest('hex')) };
}

async function readAll(key: string, range?: { start: number; end: number }) {
  const reader = await store.open(key, range);
  const chunks: Buffer[] = [];
  const buffer = Buffer.alloc(1 << 20);
  for (let bytes; (bytes = await reader.read(buffer, buffer.length)) > 0;)
    chunks.push(Buffer.from(buffer.subarray(0, bytes)));
  reader.close();
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3 = await startS3Server();
  store = storeFor(s3.endpoint);
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-store-'));
});
afterAll(async () => {
  store.close();
  await s3.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the S3 blob store', () => {
  it('uploads a large file in parts, reporting progress, and reads it back whole and by range', async () => {
    const bytes = randomBytes(MULTIPART_PART_BYTES * 2 + 12_345);
    const { source, key } = await fileOf(bytes);
    const progress: number[] = [];
    expect(await store.put(source, key, { onProgress: (done) => progress.push(done) })).toBe(true);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect(progress.at(-1)).toBe(bytes.length);

    expect(await store.has(key)).toBe(true);
    expect((await readAll(key)).equals(bytes)).toBe(true);
    const range = { start: MULTIPART_PART_BYTES - 100, end: MULTIPART_PART_BYTES + 99 };
    expect((await readAll(key, range)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);
    // Stored once: the same bytes again are already there.
    expect(await store.put(source, key)).toBe(false);

    const listed = [];
    for await (const blob of store.list()) listed.push(blob.key);
    expect(listed).toContain(key);
    await store.remove(key);
    expect(await store.has(key)).toBe(false);
  });

  it('refuses a file whose bytes no longer have the SHA-256 its key names, and keeps nothing of it', async () => {
    const { source } = await fileOf(randomBytes(4096));
    const claimed = blobKeyFor(createHash('sha256').update('other bytes').digest('hex'));
    await expect(store.put(source, claimed)).rejects.toThrow(/changed while it was uploaded/);
    expect(await store.has(claimed)).toBe(false);
  });

  it('leaves no object and aborts the multipart upload when an upload fails halfway', async () => {
    const proxy = await startFailingProxy(s3.endpoint, { failFromPart: 2 });
    const failing = storeFor(proxy.endpoint);
    try {
      const { source, key } = await fileOf(randomBytes(MULTIPART_PART_BYTES * 3));
      await expect(failing.put(source, key)).rejects.toThrow();
      expect(proxy.requests.some((request) => /^PUT .*partNumber=1\b/.test(request))).toBe(true);
      // The abort went out (s3rver itself cannot abort one: it answers 405 and keeps the parts).
      expect(proxy.requests.some((request) => /^DELETE .*uploadId=/.test(request))).toBe(true);
      expect(proxy.requests.some((request) => /^POST .*uploadId=/.test(request))).toBe(false);
      expect(await store.has(key)).toBe(false);
    } finally {
      failing.close();
      await proxy.close();
    }
  });

  it('hands out presigned GETs that s3rver honours until they expire and refuses when tampered with', async () => {
    const bytes = randomBytes(2048);
    const { source, key } = await fileOf(bytes);
    await store.put(source, key);
    const options = {
      contentType: 'application/pdf',
      contentDisposition: 'attachment; filename="manual.pdf"',
      cacheControl: 'private, max-age=3600',
      expiresInSeconds: 300,
    };
    const url = new URL(await store.presignedGet(key, options));
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(/^S3RVER\//);

    const answer = await fetch(url);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="manual.pdf"');
    expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);

    const tampered = new URL(url);
    const signature = tampered.searchParams.get('X-Amz-Signature')!;
    tampered.searchParams.set('X-Amz-Signature', `${signature[0] === '0' ? '1' : '0'}${signature.slice(1)}`);
    expect((await fetch(tampered)).status).toBe(403);

    // Asking for a longer life than was signed breaks the signature too.
    const stretched = new URL(url);
    stretched.searchParams.set('X-Amz-Expires', '604800');
    expect((await fetch(stretched)).status).toBe(403);

    const expired = await store.presignedGet(key, { ...options, expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const late = await fetch(expired);
    expect(late.status).toBe(403);
    expect(await late.text()).toContain('expired');
  });
});
