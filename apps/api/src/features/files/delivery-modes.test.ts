import type { Versions } from '@portal/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blobKeyFor } from '../../plugins/blob-keys';
import { blobRootOf } from '../../plugins/blob-store';
import { INLINE_PDF_POLICY } from '../../plugins/file-delivery';
import { importFolder } from '../../../test/demo-portal';
import { ACCEL_LOCATION_FILE, startNginxForAccel, type Nginx } from '../../../test/nginx';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { createTestApp } from '../../../test/test-app';

// s3rver serves unsigned requests too (a private AWS bucket would not): the tests below check
// that the portal only ever hands out presigned URLs, and s3rver checks their signature and expiry.

const SIZE_BYTES = (3 << 20) + 4321;
const content = randomBytes(SIZE_BYTES);
const ourEtag = `"${createHash('sha256').update(content).digest('hex')}"`;
const pdf = Buffer.from('%PDF-1.4\n% a validation document\n%%EOF\n');

/** A portal with one published file, listening on a port; `env` picks storage and delivery. */
async function portalWithFile(env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-delivery-'));
  const folder = path.join(dataDir, 'publish');
  await mkdir(folder);
  await writeFile(path.join(folder, 'Setup 1.0.exe'), content);
  await writeFile(path.join(folder, 'Validation.pdf'), pdf);
  await writeFile(
    path.join(folder, 'catalogue.json'),
    JSON.stringify({
      families: ['CS'],
      versions: [
        { name: '1.0.0', families: ['CS'], offlineInstaller: { path: 'Setup 1.0.exe' } },
        { name: '2.0.0', families: ['CS'], offlineInstaller: { path: 'Validation.pdf' } },
      ],
      registrations: [{ registrationId: 'DLV-0001', family: 'CS' }],
      pibs: [],
      dsvs: [],
    }),
  );
  const portal = await createTestApp({ env: { DATA_DIR: dataDir, ...env } });
  portal.app.log.level = 'silent';
  await importFolder(folder, {
    db: portal.database.db,
    secretKey: portal.app.secretKey,
    blobStore: portal.app.blobStore,
  });
  const origin = await portal.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    portal,
    dataDir,
    origin,
    /** A fresh signed link to the file (1.0.0's installer, 2.0.0's is a PDF), as the versions lookup hands it out. */
    link: async (base = origin, version = '1.0.0') => {
      const answer = await fetch(`${origin}/v1/Cornerstone/versions`, {
        headers: { authorization: 'Hasp id=DLV-0001' },
      });
      return `${base}${((await answer.json()) as Versions)[version]!.offlineInstaller}`;
    },
    /** Download records written so far (they are written in batches, within a second). */
    records: async (count: number) => {
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await portal.database.pool.query<{ bytes_sent: string }>(
          'SELECT bytes_sent FROM downloads ORDER BY id',
        );
        if (rows.length >= count) return rows.map((row) => Number(row.bytes_sent));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`fewer than ${count} download records`);
    },
    close: async () => {
      portal.app.server.closeAllConnections();
      await portal.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const bytesOf = async (answer: Response) => Buffer.from(await answer.arrayBuffer());

describe('with S3 and FILE_DELIVERY=redirect (the default with S3)', () => {
  let s3: S3Server;
  let site: Awaited<ReturnType<typeof portalWithFile>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    site = await portalWithFile(s3.env);
  });
  afterAll(async () => {
    await site?.close();
    await s3?.close();
  });

  it('records a valid link and answers 303 to a presigned GET of five minutes that delivers the file', async () => {
    const link = await site.link();
    const answer = await fetch(link, { redirect: 'manual' });
    expect(answer.status).toBe(303);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const location = new URL(answer.headers.get('location')!);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Setup 1.0.exe"; filename*=UTF-8''Setup%201.0.exe`,
    );
    expect((await bytesOf(file)).equals(content)).toBe(true);
    // fetch follows the redirect itself, as a browser does.
    expect((await bytesOf(await fetch(link))).equals(content)).toBe(true);
    expect(await site.records(2)).toEqual([SIZE_BYTES, SIZE_BYTES]);
  });

  it('resumes through the redirect: the Range and If-Range go on to the bucket', async () => {
    const link = await site.link();
    const half = 1_000_003;
    const first = await fetch(link, { headers: { range: `bytes=0-${half - 1}` } });
    expect(first.status).toBe(206);
    const bucketEtag = first.headers.get('etag')!;
    const rest = await fetch(link, { headers: { range: `bytes=${half}-`, 'if-range': bucketEtag } });
    expect(rest.status).toBe(206);
    expect(Buffer.concat([await bytesOf(first), await bytesOf(rest)]).equals(content)).toBe(true);

    // Our own ETag (the SHA-256) is answered here, without a redirect; the bucket's, by the bucket.
    expect((await fetch(link, { headers: { 'if-none-match': ourEtag }, redirect: 'manual' })).status).toBe(304);
    expect((await fetch(link, { headers: { 'if-none-match': bucketEtag } })).status).toBe(304);
    const outside = await fetch(link, { headers: { range: `bytes=${SIZE_BYTES}-` }, redirect: 'manual' });
    expect(outside.status).toBe(416);
  });

  it('has the bucket show a PDF inline, as the portal does', async () => {
    const answer = await fetch(await site.link(site.origin, '2.0.0'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="Validation\.pdf"/);
    expect((await bytesOf(answer)).equals(pdf)).toBe(true);
  });

  it('redirects nowhere for a forged link', async () => {
    const link = new URL(await site.link());
    link.searchParams.set('signature', 'A'.repeat(43));
    const answer = await fetch(link, { redirect: 'manual' });
    expect(answer.status).toBe(404);
    expect(answer.headers.get('location')).toBeNull();
  });
});

describe('with S3 and FILE_DELIVERY=stream (a bucket unreachable from outside)', () => {
  let s3: S3Server;
  let site: Awaited<ReturnType<typeof portalWithFile>>;
  beforeAll(async () => {
    s3 = await startS3Server();
    site = await portalWithFile({ ...s3.env, FILE_DELIVERY: 'stream' });
  });
  afterAll(async () => {
    await site?.close();
    await s3?.close();
  });

  it('streams the file from the bucket through the portal, with Range, If-Range and If-None-Match', async () => {
    const link = await site.link();
    const whole = await fetch(link, { redirect: 'manual' });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('etag')).toBe(ourEtag);
    expect((await bytesOf(whole)).equals(content)).toBe(true);

    const half = 2_000_001;
    const first = await fetch(link, { headers: { range: `bytes=0-${half - 1}` } });
    const rest = await fetch(link, { headers: { range: `bytes=${half}-`, 'if-range': ourEtag } });
    expect([first.status, rest.status]).toEqual([206, 206]);
    expect(rest.headers.get('content-range')).toBe(`bytes ${half}-${SIZE_BYTES - 1}/${SIZE_BYTES}`);
    expect(Buffer.concat([await bytesOf(first), await bytesOf(rest)]).equals(content)).toBe(true);

    // A resumed download of a file that has changed since starts over with the whole file.
    const changed = await fetch(link, { headers: { range: `bytes=${half}-`, 'if-range': '"another"' } });
    expect(changed.status).toBe(200);
    expect((await bytesOf(changed)).length).toBe(SIZE_BYTES);
    expect((await fetch(link, { headers: { 'if-none-match': ourEtag } })).status).toBe(304);
    // The whole download and the ranged requests that continued it, then the restart.
    expect(await site.records(2)).toEqual([2 * SIZE_BYTES, SIZE_BYTES]);
  });
});

describe('with local files and FILE_DELIVERY=accel behind nginx', () => {
  let site: Awaited<ReturnType<typeof portalWithFile>>;
  let nginx: Nginx;
  beforeAll(async () => {
    site = await portalWithFile({ FILE_DELIVERY: 'accel' });
    nginx = await startNginxForAccel({ portalOrigin: site.origin, filesDir: blobRootOf(site.dataDir) });
  });
  afterAll(async () => {
    await nginx?.close();
    await site?.close();
  });

  it('answers a checked link with X-Accel-Redirect and no body, and records the download', async () => {
    const link = await site.link();
    const answer = await fetch(link);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-accel-redirect')).toBe(`/_portal-files/${blobKeyFor(ourEtag.slice(1, -1))}`);
    expect(answer.headers.get('etag')).toBe(ourEtag);
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="Setup 1\.0\.exe"/);
    expect((await bytesOf(answer)).length).toBe(0);
    expect(await site.records(1)).toEqual([SIZE_BYTES]);
  });

  it('lets nginx send the bytes with our headers, Range, If-Range and If-None-Match', async () => {
    const link = await site.link(nginx.origin);
    const whole = await fetch(link);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('x-accel-redirect')).toBeNull();
    expect(whole.headers.get('etag')).toBe(ourEtag);
    expect(whole.headers.get('content-type')).toBe('application/vnd.microsoft.portable-executable');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    expect(whole.headers.get('content-disposition')).toMatch(/^attachment; filename="Setup 1\.0\.exe"/);
    expect((await bytesOf(whole)).equals(content)).toBe(true);

    const half = 1_500_000;
    const first = await fetch(link, { headers: { range: `bytes=0-${half - 1}` } });
    const rest = await fetch(link, { headers: { range: `bytes=${half}-`, 'if-range': ourEtag } });
    expect([first.status, rest.status]).toEqual([206, 206]);
    expect(Buffer.concat([await bytesOf(first), await bytesOf(rest)]).equals(content)).toBe(true);
    const changed = await fetch(link, { headers: { range: `bytes=${half}-`, 'if-range': '"another"' } });
    expect(changed.status).toBe(200);
    expect((await bytesOf(changed)).length).toBe(SIZE_BYTES);
    expect((await fetch(link, { headers: { 'if-none-match': ourEtag } })).status).toBe(304);
  });

  it("has nginx show a PDF inline under the policy that lets the browser's viewer render it", async () => {
    const answer = await fetch(await site.link(nginx.origin, '2.0.0'));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename="Validation\.pdf"/);
    expect(answer.headers.get('content-security-policy')).toBe(INLINE_PDF_POLICY);
    expect((await bytesOf(answer)).equals(pdf)).toBe(true);
  });

  it('runs on the internal location docs/operations.md shows, word for word', async () => {
    const doc = await readFile(new URL('../../../../../docs/operations.md', import.meta.url), 'utf8');
    expect(doc).toContain((await readFile(ACCEL_LOCATION_FILE, 'utf8')).trim());
  });

  it('keeps the internal location out of reach from outside', async () => {
    const direct = await fetch(`${nginx.origin}/_portal-files/${blobKeyFor(ourEtag.slice(1, -1))}`);
    expect(direct.status).toBe(404);
  });
});
