import {
  DISK_WORDS,
  INSUFFICIENT_STORAGE,
  PUBLISHING_PATHS,
  sizeInWords,
  UPLOAD_METADATA_KEYS,
  USAGE_PATHS,
  type Draft,
  type DraftFile,
  type UsageReport,
} from '@portal/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { readdir, rm, statfs, symlink } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { onePibManifest } from '../../../../../test-kit/manifests';

/**
 * A disk out of space under an upload (docs/operations.md#when-things-fail). Any user can run
 * these: the free space is the real disk's, and a write that meets a full disk is one into
 * /dev/full, which answers every write with ENOSPC. The whole story on a small file system
 * that fills (a tmpfs, as root) is e2e/disk-full.spec.ts.
 */
const demo = useDemoPortal({ env: { PUBLISH_MAX_FILE_BYTES: String(Number.MAX_SAFE_INTEGER) } });
let publisher = '';
beforeAll(async () => {
  publisher = await demo.signIn('disk-full-publisher@example.com', ['publisher']);
});

const uploadDir = () => demo.portal.app.config.publishUploadDir;
const b64 = (value: string) => Buffer.from(value).toString('base64');
const sha256Of = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const freeBytesOf = async (folder: string) => {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};

async function draftNaming(sha256: string, internalVariant: string): Promise<string> {
  const created = await demo.portal.app.inject({
    method: 'POST',
    url: PUBLISHING_PATHS.drafts,
    headers: { authorization: publisher },
    payload: onePibManifest({ internalVariant, variant: `Disk ${internalVariant}`, path: sha256 }),
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<Draft>().draft.id;
}

const createUpload = (draftId: string, sha256: string, length: number) =>
  demo.portal.app.inject({
    method: 'POST',
    url: PUBLISHING_PATHS.uploads,
    headers: {
      authorization: publisher,
      'tus-resumable': '1.0.0',
      'upload-length': String(length),
      'upload-metadata': [
        `${UPLOAD_METADATA_KEYS.draftId} ${b64(draftId)}`,
        `${UPLOAD_METADATA_KEYS.sha256} ${b64(sha256)}`,
        `${UPLOAD_METADATA_KEYS.name} ${b64('Disk.zip')}`,
      ].join(','),
    },
  });

const patch = (location: string, offset: number, bytes: Buffer) =>
  demo.portal.app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      authorization: publisher,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    // A copy: the portal frees each piece it has written, and inject hands it the caller's own buffer.
    payload: Buffer.from(bytes),
  });

/** The words of the 507 up to the free space, which moves with whatever else writes to the disk. */
const outOfSpaceOpening = (neededBytes: number) =>
  `The portal is out of space: this file needs ${sizeInWords(neededBytes)} in its ${DISK_WORDS.uploads}, which has `;

describe('an upload larger than the free space of the upload folder', () => {
  it('is refused at its creation with 507, the space it needs and the space there is, and nothing is written', async () => {
    const sha256 = 'd'.repeat(64);
    const draftId = await draftNaming(sha256, 'too-large');
    const before = await readdir(uploadDir()).catch(() => []);
    const needed = (await freeBytesOf(path.dirname(uploadDir()))) + 2 ** 30;

    const created = await createUpload(draftId, sha256, needed);

    expect(created.statusCode).toBe(INSUFFICIENT_STORAGE);
    const { message } = created.json<{ message: string }>();
    expect(message.startsWith(outOfSpaceOpening(needed)), message).toBe(true);
    expect(message).toMatch(/which has [\d.]+ (GiB|MiB|KiB|bytes) free\. Nothing of the file was kept\./);
    expect(message).not.toMatch(/try again/i);
    expect(await readdir(uploadDir()).catch(() => [])).toEqual(before);
  });
});

describe('an upload whose write meets a full disk', () => {
  it('answers 507 in the same words, deletes the partial upload, and the same file uploads once there is room', async () => {
    const bytes = randomBytes(3 * 2 ** 20);
    const sha256 = sha256Of(bytes);
    const draftId = await draftNaming(sha256, 'full-disk');
    const created = await createUpload(draftId, sha256, bytes.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const uploadId = location.split('/').pop()!;
    // The disk is full from the next byte on: the partial file is now a way into /dev/full.
    const partial = path.join(uploadDir(), uploadId);
    await rm(partial);
    await symlink('/dev/full', partial);

    const written = await patch(location, 0, bytes);

    expect(written.statusCode).toBe(INSUFFICIENT_STORAGE);
    const { message } = written.json<{ message: string }>();
    expect(message.startsWith(outOfSpaceOpening(bytes.length)), message).toBe(true);
    expect(message).not.toMatch(/try again/i);
    // Deleted, with what tus keeps beside it: its space is back, and nothing can resume it.
    expect((await readdir(uploadDir())).filter((name) => name.startsWith(uploadId))).toEqual([]);
    const head = await demo.portal.app.inject({
      method: 'HEAD',
      url: location,
      headers: { authorization: publisher, 'tus-resumable': '1.0.0' },
    });
    expect(head.statusCode).toBe(404);

    // Room again (the partial file is a file once more): the same bytes go through, no restart.
    const again = await createUpload(draftId, sha256, bytes.length);
    expect(again.statusCode, again.body).toBe(201);
    expect((await patch(String(again.headers.location), 0, bytes)).statusCode).toBe(204);
    const draft = await demo.get(PUBLISHING_PATHS.draft.replace(':draftId', draftId), publisher);
    const file = draft.json<Draft>().files.find((each: DraftFile) => each.sha256 === sha256);
    expect(file?.state).toBe('uploaded');
  });
});

describe('the free space of the disks the portal writes', () => {
  it('is in /metrics and on the Usage screen, each disk by name, low ones marked', async () => {
    const metrics = await demo.portal.app.metrics.registry.getSingleMetricAsString('portal_disk_free_bytes');
    const free = await freeBytesOf(path.dirname(uploadDir()));
    for (const disk of ['uploads', 'files', 'database', 'outbox']) {
      const value = Number(new RegExp(`^portal_disk_free_bytes\\{disk="${disk}"\\} (\\d+)$`, 'm').exec(metrics)?.[1]);
      // Within 1 GiB of what the test measured: the disk is shared with whatever else runs.
      expect(Math.abs(value - free), `${disk}: ${metrics}`).toBeLessThan(2 ** 30);
    }

    const usage = await demo.get(`${USAGE_PATHS.usage}?days=7`, demo.staff);
    expect(usage.statusCode).toBe(200);
    const { disks } = usage.json<UsageReport>();
    expect(disks.map((disk) => disk.name)).toEqual(['uploads', 'files', 'database', 'outbox']);
    for (const disk of disks) {
      expect(disk.freeBytes).toBeLessThanOrEqual(disk.sizeBytes);
      expect(disk.low).toBe(disk.freeBytes < Math.max(2 ** 30, disk.sizeBytes / 10));
    }
  });
});
