import { SERVICE_OUTAGES, type Versions } from '@portal/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../../test/captured-log';
import { importFolder } from '../../../test/demo-portal';
import { startS3Server, type S3Server } from '../../../test/s3-server';
import { createTestApp } from '../../../test/test-app';
import { installersFolder } from '../../../../../test-kit/manifests';

/**
 * The fault suite's S3 row (docs/operations.md, "When things fail"): the real s3rver behind
 * the portal's bucket is stopped, as an S3 endpoint that goes away, and started again.
 * Customers keep their lookups, and a download says in words when to come back (503 with
 * Retry-After, never a 500, never a redirect to a bucket that does not answer); the operator
 * reads one line and a gauge; nothing is recorded or published half; and the same link works
 * again once the bucket is back, with no restart.
 */

const REGISTRATION_ID = 'S3-OUTAGE-0001';
const REGISTRATION = `Hasp id=${REGISTRATION_ID}`;
const installer = randomBytes(300_001);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The operator's line: which bucket, and why. */
const OUTAGE_LINE =
  /^The S3 bucket portal-files at http:\/\/127\.0\.0\.1:\d+\/? is unreachable \(.*ECONNREFUSED.*\): downloads and publishing answer 503 until it is back; lookups go on$/;

let s3: S3Server;
let workDir: string;

/** A portal on the bucket with FILE_DELIVERY=`delivery`, 1.0.0 published, its log captured. */
async function portalOnBucket(delivery: 'stream' | 'redirect') {
  const log = capturedLog();
  const dataDir = await mkdtemp(path.join(workDir, `${delivery}-`));
  await mkdir(path.join(dataDir, 'files'));
  const portal = await createTestApp({
    env: { DATA_DIR: dataDir, ...s3.env, FILE_DELIVERY: delivery },
    options: log.options,
  });
  const { app, database } = portal;
  const publish = (folder: string) =>
    importFolder(folder, { db: database.db, secretKey: app.secretKey, blobStore: app.blobStore });
  await publish(await installersFolder(workDir, { '1.0.0': installer }, REGISTRATION_ID));
  // Downloads go over a socket, as a customer's do (a streamed answer takes the socket over).
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  const lookup = () => app.inject({ url: '/v1/Cornerstone/versions', headers: { authorization: REGISTRATION } });
  return {
    portal,
    app,
    log,
    publish,
    lookup,
    /** The installer's link, as the lookup hands it out. */
    link: async (version = '1.0.0') => (await lookup()).json<Versions>()[version]!.offlineInstaller!,
    /** A download as a program makes it (redirects not followed). */
    download: async (link: string, headers: Record<string, string> = {}) => {
      const answer = await fetch(`${origin}${link}`, { headers, redirect: 'manual' });
      const body = Buffer.from(await answer.arrayBuffer());
      return {
        statusCode: answer.status,
        headers: Object.fromEntries(answer.headers) as Record<string, string | undefined>,
        body,
        json: () => JSON.parse(body.toString('utf8')) as unknown,
      };
    },
    /** Download records written so far, once there are at least `count` (they are written in batches within a second). */
    records: async (count: number) => {
      let rows = 0;
      await expect
        .poll(
          async () => {
            const { rows: found } = await database.pool.query<{ n: string }>('SELECT count(*) AS n FROM downloads');
            return (rows = Number(found[0]!.n));
          },
          { timeout: 5_000 },
        )
        .toBeGreaterThanOrEqual(count);
      return rows;
    },
    /** portal_file_storage_up, as Prometheus reads it. */
    storageUp: async () =>
      (await app.metrics.registry.getSingleMetric('portal_file_storage_up')!.get()).values[0]!.value,
  };
}

type Site = Awaited<ReturnType<typeof portalOnBucket>>;

/** What every download answers while the bucket is away: the words, the wait, and none of the file's headers. */
function expectRefusedInWords(answer: Awaited<ReturnType<Site['download']>>) {
  expect(answer.statusCode).toBe(503);
  expect(answer.headers['retry-after']).toBe(String(SERVICE_OUTAGES.fileStorage.retryAfterSeconds));
  expect(answer.json()).toEqual({ message: SERVICE_OUTAGES.fileStorage.message, code: 'service-unavailable' });
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  for (const header of ['content-disposition', 'etag', 'cache-control', 'location', 'content-range']) {
    expect(answer.headers[header], header).toBeUndefined();
  }
}

let stream: Site;
let redirect: Site;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), 'portal-s3-outage-'));
  s3 = await startS3Server();
  stream = await portalOnBucket('stream');
  redirect = await portalOnBucket('redirect');
});

afterAll(async () => {
  for (const site of [stream, redirect]) {
    site?.app.server.closeAllConnections();
    await site?.portal.close();
  }
  await s3?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** Stops the bucket for `during`, starts it again whatever happened, and waits until `site` has seen it back. */
async function withBucketStopped(sites: Site[], during: () => Promise<void>) {
  await s3.stop();
  try {
    await during();
  } finally {
    await s3.start();
  }
  for (const site of sites) await expect.poll(() => site.storageUp(), { timeout: 5_000 }).toBe(1);
}

describe('the S3 endpoint stopped', () => {
  it('FILE_DELIVERY=stream: lookups list, downloads answer 503 in words, the operator reads one line; the same link downloads once it is back', async () => {
    const link = await stream.link();
    expect((await stream.download(link)).statusCode).toBe(200);
    const recorded = await stream.records(1);
    const linesBefore = stream.log.lines.length;

    await withBucketStopped([stream], async () => {
      // The customer: the lookup lists as before, the download says to come back.
      const listed = await stream.lookup();
      expect(listed.statusCode).toBe(200);
      // The same file (a link is signed for its minute: compared without its query).
      const listedLink = listed.json<Versions>()['1.0.0']!.offlineInstaller!;
      expect(listedLink.split('?')[0]).toBe(link.split('?')[0]);
      for (let attempt = 0; attempt < 3; attempt++) expectRefusedInWords(await stream.download(link));
      // A resumed download too.
      expectRefusedInWords(await stream.download(link, { range: 'bytes=1000-' }));

      // The operator: one warning that names the bucket and says what is refused; the gauge;
      // readiness stays up (every portal shares the bucket, and the lookups go on).
      const problems = stream.log.lines.slice(linesBefore).filter((line) => line.level >= 40);
      expect(problems.map((line) => line.msg)).toEqual([expect.stringMatching(OUTAGE_LINE)]);
      expect(await stream.storageUp()).toBe(0);
      expect((await stream.app.inject({ url: '/readyz' })).statusCode).toBe(200);
      expect((await stream.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    });

    // Back, with no restart: the same link gives the whole file again.
    const whole = await stream.download(link);
    expect(whole.statusCode).toBe(200);
    expect(sha256(whole.body)).toBe(sha256(installer));
    const after = stream.log.lines.slice(linesBefore);
    expect(after.filter((line) => /answers again after \d+\.\d s$/.test(line.msg))).toHaveLength(1);
    expect(after.filter((line) => line.level >= 40)).toHaveLength(1);
    // Nothing was recorded for the refused downloads: only the one that delivered.
    expect(await stream.records(recorded + 1)).toBe(recorded + 1);
  });

  it('FILE_DELIVERY=redirect (the default with S3): a download answers 503 instead of sending the client to a bucket that does not answer', async () => {
    const link = await redirect.link();
    const before = await redirect.download(link);
    expect(before.statusCode).toBe(303);
    const recorded = await redirect.records(1);

    await withBucketStopped([redirect], async () => {
      expect((await redirect.lookup()).statusCode).toBe(200);
      expectRefusedInWords(await redirect.download(link));
      expectRefusedInWords(await redirect.download(link));
      expect(redirect.log.problems()).toEqual([expect.stringMatching(OUTAGE_LINE)]);
      expect(await redirect.storageUp()).toBe(0);
    });

    const again = await redirect.download(link);
    expect(again.statusCode).toBe(303);
    const bytes = Buffer.from(await (await fetch(String(again.headers.location))).arrayBuffer());
    expect(sha256(bytes)).toBe(sha256(installer));
    expect(await redirect.records(recorded + 1)).toBe(recorded + 1);
  });

  it('the publisher: an import while the bucket is stopped names it and publishes nothing; the same import works once it is back', async () => {
    const folder = await installersFolder(
      workDir,
      { '1.0.0': installer, '2.0.0': randomBytes(70_001) },
      REGISTRATION_ID,
    );
    const versionsListed = async () => Object.keys((await stream.lookup()).json<Versions>()).sort();

    await withBucketStopped([stream], async () => {
      await expect(stream.publish(folder)).rejects.toThrow(
        /^The S3 bucket portal-files at http:\/\/127\.0\.0\.1:\d+\/? cannot be reached \(.*ECONNREFUSED/,
      );
      // Nothing of it was published: the customer sees what was there before.
      expect(await versionsListed()).toEqual(['1.0.0']);
    });

    await stream.publish(folder);
    // Every portal hears of a publish (LISTEN/NOTIFY) and reloads its catalogue.
    await expect.poll(versionsListed, { timeout: 5_000 }).toEqual(['1.0.0', '2.0.0']);
    const { body } = await stream.download(await stream.link('2.0.0'));
    expect(body.length).toBe(70_001);
  });
});
