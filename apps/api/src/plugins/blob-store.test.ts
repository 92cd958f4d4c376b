import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { blobKeyFor } from './blob-keys';
import { LocalBlobStore } from './blob-store';

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-blob-store-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

async function readBlob(store: LocalBlobStore, blobKey: string, length: number) {
  const reader = await store.open(blobKey);
  const buffer = Buffer.alloc(length + 1);
  let done = 0;
  for (let bytes = -1; bytes !== 0; done += bytes) bytes = await reader.read(buffer.subarray(done), length + 1 - done);
  reader.close();
  return buffer.subarray(0, done);
}

describe('a folder blob store', () => {
  it('copies a file it is given: a later edit of the source leaves the blob as it was', async () => {
    const store = new LocalBlobStore(path.join(folder, 'files'));
    const bytes = randomBytes(5000);
    const source = path.join(folder, 'import.bin');
    await writeFile(source, bytes);
    const blobKey = blobKeyFor(createHash('sha256').update(bytes).digest('hex'));
    expect(await store.put(source, blobKey)).toBe(true);
    await writeFile(source, randomBytes(5000), { flag: 'r+' });
    expect(await readBlob(store, blobKey, 5000)).toEqual(bytes);
  });

  it('takes a file handed over without a copy: the blob outlives its source, dated now', async () => {
    const store = new LocalBlobStore(path.join(folder, 'files'));
    const bytes = randomBytes(5000);
    const source = path.join(folder, 'upload.bin');
    await writeFile(source, bytes);
    const old = new Date(Date.now() - 10 * 24 * 60 * 60 * 1_000);
    await utimes(source, old, old);
    const blobKey = blobKeyFor(createHash('sha256').update(bytes).digest('hex'));
    expect(await store.put(source, blobKey, { handOver: true })).toBe(true);
    const blob = path.join(folder, 'files', blobKey);
    expect((await stat(blob)).ino).toBe((await stat(source)).ino);
    await rm(source);
    expect(await readFile(blob)).toEqual(bytes);
    const listed: Date[] = [];
    for await (const stored of store.list()) listed.push(stored.modifiedAt);
    expect(listed.map((modifiedAt) => modifiedAt.getTime() > Date.now() - 60_000)).toEqual([true]);
  });
});
