import {
  FIRMWARE_METADATA_VALID_DAYS,
  FIRMWARE_PATHS,
  type FirmwareMetadata,
  type FirmwareReleases,
} from '@portal/contracts';
import { execFile } from 'node:child_process';
import { createHash, createPublicKey, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder, useDemoPortal } from '../../../test/demo-portal';
import { DEMO_CATALOGUE_DIR } from '../../paths';

const demo = useDemoPortal();
const run = promisify(execFile);
const DEMO_LATEST = { CX: '003.001.004', MX: '001.005.002', PX: '002.002.010' };
const demoFile = (relative: string) => readFile(path.join(DEMO_CATALOGUE_DIR, relative));

const metadataBytes = async () => (await demo.get(FIRMWARE_PATHS.metadata)).rawPayload;
const metadata = async () => JSON.parse((await metadataBytes()).toString('utf8')) as FirmwareMetadata;
const publicKey = async () => createPublicKey((await demo.get(FIRMWARE_PATHS.signingKey)).body);

/** A copy with one bit of one byte changed. */
function flipOneBit(bytes: Buffer, index: number): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeUInt8(copy.readUInt8(index) ^ 1, index);
  return copy;
}

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-firmware-'));
});
afterAll(async () => rm(work, { recursive: true, force: true }));

describe('the firmware metadata file', () => {
  it('names the latest version of each instrument (SPEC §3) with what a download needs', async () => {
    const response = await demo.get(FIRMWARE_PATHS.metadata);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const document = response.json<FirmwareMetadata>();
    expect(document.latestVersions).toEqual(DEMO_LATEST);
    const zip = await demoFile('firmware/mx/001.005.002/update.zip');
    expect(document.releases.MX).toEqual({
      version: '001.005.002',
      releaseDate: '2025-02-18',
      sizeBytes: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
      releaseNotes: (await demoFile('firmware/mx/001.005.002/release-notes.txt')).toString('utf8'),
      url: '/firmware/001.005.002/update.zip',
    });
    expect(document.releases.PX!.releaseNotes).toContain('dosing schedules');
    expect(document.sequence).toBeGreaterThanOrEqual(1);
    expect(Date.parse(document.expires) - Date.parse(document.issuedAt)).toBe(
      FIRMWARE_METADATA_VALID_DAYS * 86_400_000,
    );
  });

  it('is public and cacheable: ETag, If-None-Match answered 304, no credential needed', async () => {
    const first = await demo.get(FIRMWARE_PATHS.metadata);
    expect(first.headers['cache-control']).toBe('public, max-age=60');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const again = await demo.get(FIRMWARE_PATHS.metadata, undefined, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const signature = await demo.get(FIRMWARE_PATHS.signature);
    const notModified = await demo.get(FIRMWARE_PATHS.signature, undefined, {
      headers: { 'if-none-match': signature.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
  });
});

describe('the signature', () => {
  it('verifies the metadata with the published key, and fails after one byte changes', async () => {
    const bytes = await metadataBytes();
    const signature = (await demo.get(FIRMWARE_PATHS.signature)).rawPayload;
    expect(signature).toHaveLength(64);
    const key = await publicKey();
    expect(key.asymmetricKeyType).toBe('ed25519');
    expect(verify(null, bytes, key, signature)).toBe(true);
    expect(verify(null, flipOneBit(bytes, bytes.indexOf('"sequence"') + 12), key, signature)).toBe(false);
    expect(verify(null, flipOneBit(bytes, bytes.length - 1), key, signature)).toBe(false);
    expect(verify(null, bytes, key, flipOneBit(signature, 0))).toBe(false);
  });

  it.runIf(existsSync('/usr/bin/openssl'))('verifies with the commands of docs/firmware.md', async () => {
    await writeFile(path.join(work, 'metadata.json'), await metadataBytes());
    await writeFile(path.join(work, 'metadata.json.sig'), (await demo.get(FIRMWARE_PATHS.signature)).rawPayload);
    await writeFile(path.join(work, 'signing-key.pem'), (await demo.get(FIRMWARE_PATHS.signingKey)).body);
    const zip = (await demo.get('/firmware/002.002.010/update.zip')).rawPayload;
    await writeFile(path.join(work, 'update.zip'), zip);
    const docs = await readFile(path.join(DEMO_CATALOGUE_DIR, '../../../docs/firmware.md'), 'utf8');
    const verifyCommand = /^\s*(openssl pkeyutl -verify .*)$/m.exec(docs)![1]!;
    const { stdout } = await run('sh', ['-c', verifyCommand], { cwd: work });
    expect(stdout).toContain('Signature Verified Successfully');

    const metadataFile = path.join(work, 'metadata.json');
    const original = await readFile(metadataFile);
    await writeFile(metadataFile, flipOneBit(original, original.length - 3));
    await expect(run('sh', ['-c', verifyCommand], { cwd: work })).rejects.toMatchObject({
      stdout: expect.stringContaining('Signature Verification Failure'),
    });
    await writeFile(metadataFile, original);

    const sha256Command = /^\s*(sha256sum .*)$/m.exec(docs)![1]!;
    const sums = await run('sh', ['-c', sha256Command], { cwd: work });
    expect(sums.stdout).toContain(createHash('sha256').update(zip).digest('hex'));
  });
});

describe('update.zip', () => {
  it('is served byte for byte at firmware/{version}/update.zip, publicly cacheable', async () => {
    const response = await demo.get('/firmware/003.000.011/update.zip');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(await demoFile('firmware/cx/003.000.011/update.zip'))).toBe(true);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toContain('filename="update.zip"');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    const notModified = await demo.get('/firmware/003.000.011/update.zip', undefined, {
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(notModified.statusCode).toBe(304);
  });

  it('answers a Range with those bytes', async () => {
    const whole = await demoFile('firmware/px/002.001.007/update.zip');
    const response = await demo.get('/firmware/002.001.007/update.zip', undefined, {
      headers: { range: 'bytes=10-29' },
    });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 10-29/${whole.length}`);
    expect(response.rawPayload.equals(whole.subarray(10, 30))).toBe(true);
  });

  it('is 404 for a version never published and 400 for a name that is no version name', async () => {
    expect((await demo.get('/firmware/009.009.009/update.zip')).statusCode).toBe(404);
    expect((await demo.get('/firmware/..%2Fsecret/update.zip')).statusCode).toBe(400);
  });
});

describe('every published release', () => {
  it("lists each instrument's releases newest first, the earlier ones with their notes and SHA-256 too", async () => {
    const response = await demo.get(FIRMWARE_PATHS.releases);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=60');
    const { releases } = response.json<FirmwareReleases>();
    expect(releases.map((release) => `${release.instrument} ${release.version}`)).toEqual([
      'CX 003.001.004',
      'CX 003.000.011',
      'MX 001.005.002',
      'MX 001.004.000',
      'PX 002.002.010',
      'PX 002.001.007',
    ]);
    const earlier = releases.find((release) => release.version === '001.004.000')!;
    const zip = await demoFile('firmware/mx/001.004.000/update.zip');
    expect(earlier).toEqual({
      instrument: 'MX',
      version: '001.004.000',
      releaseDate: '2024-06-10',
      sizeBytes: zip.length,
      sha256: createHash('sha256').update(zip).digest('hex'),
      releaseNotes: expect.stringMatching(/\S/),
      url: '/firmware/001.004.000/update.zip',
      releaseNotesUrl: '/firmware/001.004.000/release-notes.txt',
      // No published advisory names this release (docs/security-advisories.md).
      affectedBy: [],
      // Nor has it an SBOM (PX 002.002.010 has: sboms/sbom-delivery.test.ts).
      sbom: null,
    });
    const notes = await demo.get(earlier.releaseNotesUrl);
    expect(notes.statusCode).toBe(200);
    expect(notes.body).toBe(earlier.releaseNotes);
  });

  it('serves release notes as plain text, inline, and 404 for a version never published', async () => {
    const notes = await demo.get('/firmware/001.005.002/release-notes.txt');
    expect(notes.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(notes.headers['content-disposition']).toMatch(/^inline; filename="release-notes-001\.005\.002\.txt"/);
    expect(notes.headers['x-content-type-options']).toBe('nosniff');
    expect(notes.body).toBe((await demoFile('firmware/mx/001.005.002/release-notes.txt')).toString('utf8'));
    const again = await demo.get('/firmware/001.005.002/release-notes.txt', undefined, {
      headers: { 'if-none-match': notes.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
    expect((await demo.get('/firmware/009.009.009/release-notes.txt')).statusCode).toBe(404);
    expect((await demo.get('/firmware/..%2Fx/release-notes.txt')).statusCode).toBe(400);
  });
});

describe('publishing firmware', () => {
  async function folderWith(firmware: unknown[], files: Record<string, string>) {
    const folder = await mkdtemp(path.join(work, 'publish-'));
    for (const [name, content] of Object.entries(files)) await writeFile(path.join(folder, name), content);
    await writeFile(
      path.join(folder, 'catalogue.json'),
      JSON.stringify({ families: ['CS'], versions: [], registrations: [], pibs: [], dsvs: [], firmware }),
    );
    return folder;
  }
  const release = (instrument: string, version: string) => ({
    instrument,
    version,
    releaseDate: '2025-07-01',
    releaseNotes: `Firmware ${version}.`,
    update: { path: 'u.zip' },
  });
  const publish = (folder: string) =>
    importFolder(folder, {
      db: demo.portal.database.db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    });

  it('replaces the metadata when it commits, with a higher sequence number', async () => {
    const before = await metadata();
    const folder = await folderWith([release('MX', '001.006.000')], { 'u.zip': 'a stand-in for a zip' });
    const summary = await publish(folder);
    expect(summary.firmware).toEqual({ added: 1, changed: 0, unchanged: 0 });
    await expect.poll(async () => (await metadata()).sequence, { timeout: 5000 }).toBe(before.sequence + 1);
    const after = await metadata();
    expect(after.latestVersions).toEqual({ ...DEMO_LATEST, MX: '001.006.000' });
    expect(after.releases.CX).toEqual(before.releases.CX);
    const signature = (await demo.get(FIRMWARE_PATHS.signature)).rawPayload;
    expect(verify(null, await metadataBytes(), await publicKey(), signature)).toBe(true);

    // Every publish issues the next one, even with no firmware change (it renews the expiry).
    await publish(await folderWith([], {}));
    await expect.poll(async () => (await metadata()).sequence, { timeout: 5000 }).toBe(before.sequence + 2);
  });

  it('leaves the metadata and its signature byte-identical when a publish fails', async () => {
    const bytes = await metadataBytes();
    const signature = (await demo.get(FIRMWARE_PATHS.signature)).rawPayload;
    await demo.portal.database.pool.query(`
      CREATE FUNCTION fail_firmware() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'disk full (simulated)'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER fail_firmware BEFORE INSERT ON firmware_metadata FOR EACH ROW EXECUTE FUNCTION fail_firmware();`);
    const folder = await folderWith([release('CX', '003.009.000')], { 'u.zip': 'another stand-in' });
    await expect(publish(folder)).rejects.toThrow('disk full (simulated)');
    await demo.portal.database.pool.query(
      'DROP TRIGGER fail_firmware ON firmware_metadata; DROP FUNCTION fail_firmware();',
    );
    // Read from the database again, not from the cache.
    demo.portal.app.catalogue.invalidate();
    expect((await metadataBytes()).equals(bytes)).toBe(true);
    expect((await demo.get(FIRMWARE_PATHS.signature)).rawPayload.equals(signature)).toBe(true);
    expect((await demo.get('/firmware/003.009.000/update.zip')).statusCode).toBe(404);
  });

  it('refuses a version name twice, and a release without its notes', async () => {
    const release = { instrument: 'PX', version: '002.002.010', releaseDate: '2025-01-01', update: { path: 'u.zip' } };
    const folder = await folderWith(
      [
        { ...release, releaseNotes: 'a' },
        { ...release, instrument: 'CX' },
      ],
      {
        'u.zip': 'x',
      },
    );
    const error = (await publish(folder).catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain('firmware: "002.002.010" appears twice');
    expect(error.message).toContain('firmware CX 002.002.010: give either releaseNotes or releaseNotesFile');
  });

  it('serves notes with markup as the text they are, never as a page', async () => {
    const notes = 'Fixes the lid sensor.\n<script>window.ran = true</script><img src=x onerror="alert(1)">';
    const folder = await folderWith([{ ...release('MX', '001.007.000'), releaseNotes: notes }], { 'u.zip': 'zip' });
    await publish(folder);
    await expect.poll(async () => (await demo.get('/firmware/001.007.000/release-notes.txt')).statusCode).toBe(200);
    const served = await demo.get('/firmware/001.007.000/release-notes.txt');
    expect(served.body).toBe(notes);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const listed = (await demo.get(FIRMWARE_PATHS.releases)).json<FirmwareReleases>();
    expect(listed.releases.find((release) => release.version === '001.007.000')!.releaseNotes).toBe(notes);
  });

  it('refuses a version name that cannot be a path segment', async () => {
    const folder = await folderWith(
      [{ instrument: 'PX', version: '../2', releaseDate: '2025-01-01', releaseNotes: 'a', update: { path: 'u.zip' } }],
      { 'u.zip': 'x' },
    );
    await expect(publish(folder)).rejects.toThrow(/firmware\/0\/version/);
  });
});
