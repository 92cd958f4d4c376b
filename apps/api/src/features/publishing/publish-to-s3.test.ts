import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/config';
import { blobKeyFor } from '../../plugins/blob-keys';
import { MULTIPART_PART_BYTES, S3BlobStore } from '../../plugins/s3-blob-store';
import { startFailingProxy, startS3Server, type S3Server } from '../../../test/s3-server';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { importFolder } from './publishing';
import { installersFolder } from '../../../../../test-kit/manifests';

// s3rver also serves unsigned requests; what it proves here is that publishing speaks the S3
// protocol (multipart included) and that a failed upload leaves the bucket as it was.

let s3: S3Server;
let portal: TestApp;
let workDir: string;

const keyOf = (bytes: Buffer) => blobKeyFor(createHash('sha256').update(bytes).digest('hex'));

const publish = (folder: string, blobStore = portal.app.blobStore, sweepGraceMs?: number) =>
  importFolder(folder, {
    db: portal.database.db,
    secretKey: portal.app.secretKey,
    blobStore,
    sweepGraceMs,
  });

const versionsShown = async () =>
  Object.keys(
    (await portal.app.inject({ url: '/v1/Cornerstone/versions', headers: { authorization: 'Hasp id=PUB-0001' } })).json<
      Record<string, unknown>
    >(),
  ).sort();

async function objectsInBucket() {
  const keys: string[] = [];
  for await (const blob of portal.app.blobStore.list()) keys.push(blob.key);
  return keys.sort();
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-s3-'));
  await mkdir(path.join(workDir, 'files'));
  s3 = await startS3Server();
  portal = await createTestApp({ env: { DATA_DIR: workDir, ...s3.env } });
  portal.app.log.level = 'silent';
});
afterAll(async () => {
  await portal?.close();
  await s3?.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('publishing to an S3 bucket', () => {
  const large = randomBytes(MULTIPART_PART_BYTES * 2 + 777);
  const small = randomBytes(10_000);

  it('uploads small files whole and large ones in parts, and shows them once committed', async () => {
    const summary = await publish(await installersFolder(workDir, { '1.0.0': small, '2.0.0': large }, 'PUB-0001'));
    expect(summary.files).toEqual({ stored: 2, alreadyStored: 0 });
    expect(await objectsInBucket()).toEqual([keyOf(small), keyOf(large)].sort());
    await expect.poll(versionsShown, { timeout: 5_000 }).toEqual(['1.0.0', '2.0.0']);
    // Nothing on the local disk: the bucket holds the files.
    expect(await portal.app.blobStore.has(keyOf(large))).toBe(true);
  });

  it('publishes nothing when an upload fails halfway: no new object, no new version, the multipart upload aborted', async () => {
    const proxy = await startFailingProxy(s3.endpoint, { failFromPart: 2 });
    const failing = new S3BlobStore(loadConfig({ ...s3.env, S3_ENDPOINT: proxy.endpoint }).s3!);
    const before = await objectsInBucket();
    const newSmall = randomBytes(20_000);
    const newLarge = randomBytes(MULTIPART_PART_BYTES * 3);
    try {
      await expect(
        publish(
          await installersFolder(workDir, { '1.0.0': small, '3.0.0': newSmall, '4.0.0': newLarge }, 'PUB-0001'),
          failing,
        ),
      ).rejects.toThrow();
      // The small new file had gone up whole before the large one failed: it is removed again.
      expect(proxy.requests.some((request) => request.startsWith(`PUT /${s3.bucket}/${keyOf(newSmall)}`))).toBe(true);
      expect(proxy.requests.some((request) => /^DELETE .*uploadId=/.test(request))).toBe(true);
    } finally {
      failing.close();
      await proxy.close();
    }
    expect(await objectsInBucket()).toEqual(before);
    expect(await versionsShown()).toEqual(['1.0.0', '2.0.0']);

    // And the same folder publishes once the store is well again.
    const summary = await publish(
      await installersFolder(workDir, { '1.0.0': small, '3.0.0': newSmall, '4.0.0': newLarge }, 'PUB-0001'),
    );
    expect(summary.files).toEqual({ stored: 2, alreadyStored: 1 });
    await expect.poll(versionsShown, { timeout: 5_000 }).toEqual(['1.0.0', '2.0.0', '3.0.0', '4.0.0']);
  });

  it('sweeps objects no file references from the bucket when the next import starts', async () => {
    const stray = randomBytes(5_000);
    const strayFile = path.join(workDir, 'stray.bin');
    await writeFile(strayFile, stray);
    await portal.app.blobStore.put(strayFile, keyOf(stray));
    const referenced = await objectsInBucket();
    expect(referenced).toContain(keyOf(stray));
    await publish(await installersFolder(workDir, { '1.0.0': small }, 'PUB-0001'), portal.app.blobStore, 0);
    const after = await objectsInBucket();
    expect(after).not.toContain(keyOf(stray));
    expect(after).toEqual(referenced.filter((key) => key !== keyOf(stray)));
  });
});
