import { FEED_REVOKED } from '@portal/contracts';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAtom, text } from '../../../test/atom';
import { DEMO, importFolder, useDemoPortal } from '../../../test/demo-portal';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config/config';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { onePibManifest } from '../../../../../test-kit/manifests';

/**
 * The feeds answer from memory (docs/decisions/145-feeds-served-from-memory.md): what they
 * keep must stay true across a publish and across portals sharing one database.
 */

const demo = useDemoPortal();
const { get } = demo;

/** A second portal on the same database, as a second process behind the load balancer would be. */
let second: App;
beforeAll(async () => {
  second = await buildApp({
    config: loadConfig({ DATA_DIR: demo.dataDir, ADMIN_EMAILS: 'staff@example.com' }),
    db: demo.portal.database.db,
    pool: demo.portal.database.pool,
    secretKey: demo.portal.app.secretKey,
    blobStore: demo.portal.app.blobStore,
  });
  second.log.level = 'silent';
});
afterAll(async () => {
  await second?.close();
});

const getFrom = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers, remoteAddress: '192.0.2.7' });

async function feedAddress(authorization: string): Promise<string> {
  const response = await get('/v1/feeds/current', authorization);
  expect(response.statusCode).toBe(200);
  return (response.json() as { feed: string }).feed;
}

/** Publishes one new Cornerstone 2.10.0 PIB for every registration, as the CLI's import does. */
async function publishPib(internalVariant: string, variant: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-feed-'));
  try {
    const name = `Cornerstone-2.10.0-${internalVariant}-PIB.pdf`;
    const pib = path.join(folder, name);
    await cp(path.join(DEMO_CATALOGUE_DIR, 'pibs/Cornerstone-2.10.0-std-PIB.pdf'), pib);
    await writeFile(pib, `${await readFile(pib, 'latin1')}\n% ${variant}`, 'latin1');
    await writeFile(
      path.join(folder, 'catalogue.json'),
      JSON.stringify(onePibManifest({ internalVariant, variant, path: name })),
    );
    await importFolder(folder, {
      db: demo.portal.database.db,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    });
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('feeds served from memory', () => {
  it('answers a refetch and a 304 with the ETag of the first answer, without asking the database', async () => {
    const address = await feedAddress(DEMO.CS);
    const first = await get(address);
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);

    // Counts waiting from before are written now, so that nothing below is a write of theirs.
    await demo.portal.app.feedFetches.flush();
    let asked = 0;
    const onAcquire = () => asked++;
    demo.portal.database.pool.on('acquire', onAcquire);
    try {
      const again = await get(address);
      expect(again.statusCode).toBe(200);
      expect(again.headers.etag).toBe(etag);
      expect(again.headers['last-modified']).toBe(first.headers['last-modified']);
      expect(again.body).toBe(first.body);
      for (let fetch = 0; fetch < 5; fetch++) {
        const notModified = await get(address, undefined, { headers: { 'if-none-match': etag } });
        expect(notModified.statusCode).toBe(304);
        expect(notModified.body).toBe('');
        expect(notModified.headers.etag).toBe(etag);
        expect(notModified.headers['last-modified']).toBe(first.headers['last-modified']);
        expect(notModified.headers['cache-control']).toBe('private, no-store');
      }
      const firmware = await get('/v1/firmware/mx/feed.atom');
      const firmwareAgain = await get('/v1/firmware/mx/feed.atom', undefined, {
        headers: { 'if-none-match': String(firmware.headers.etag) },
      });
      expect(firmwareAgain.statusCode).toBe(304);
    } finally {
      demo.portal.database.pool.off('acquire', onAcquire);
    }
    // Token, catalogue, document and count: all from memory.
    expect(asked).toBe(0);
  });

  it('changes the document and its ETag when a new file is published', async () => {
    const address = await feedAddress(DEMO.CS);
    const before = await get(address);
    const etag = String(before.headers.etag);
    expect((await get(address, undefined, { headers: { 'if-none-match': etag } })).statusCode).toBe(304);

    await publishPib('p98', 'Feeds cache test');
    await expect
      .poll(async () => (await get(address, undefined, { headers: { 'if-none-match': etag } })).statusCode, {
        timeout: 5_000,
      })
      .toBe(200);
    const after = await get(address, undefined, { headers: { 'if-none-match': etag } });
    expect(after.headers.etag).not.toBe(etag);
    expect(text(parseAtom(after.body).entry![0]!.title)).toBe('Cornerstone 2.10.0 PIB (Feeds cache test)');
    // The second portal, which never built this feed before the publish, serves the same new document.
    const fromSecond = await getFrom(second, address);
    expect(fromSecond.headers.etag).toBe(after.headers.etag);
    expect(fromSecond.body).toBe(after.body);
  });

  it('answers 410 on every portal once staff reissue the address, without a restart', async () => {
    const old = await feedAddress(DEMO.KEY);
    // Both portals have served the address, so both hold its token and its document.
    expect((await get(old)).statusCode).toBe(200);
    expect((await getFrom(second, old)).statusCode).toBe(200);
    const etag = String((await getFrom(second, old)).headers.etag);

    const reissue = await demo.portal.app.inject({
      method: 'POST',
      url: '/v1/feeds/reissue',
      headers: { authorization: demo.staff },
      payload: { scheme: 'rainbow', id: 'DEMO-KEY-2001' },
    });
    expect(reissue.statusCode, reissue.body).toBe(200);
    const fresh = (reissue.json() as { feed: string }).feed;

    // The portal that reissued knows at once; the other as soon as the NOTIFY of the commit reaches it.
    expect((await get(old)).statusCode).toBe(410);
    await expect.poll(async () => (await getFrom(second, old)).statusCode, { timeout: 2_000 }).toBe(410);
    const gone = await getFrom(second, old, { 'if-none-match': etag });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: FEED_REVOKED, code: 'feed-replaced' });
    expect((await getFrom(second, fresh)).statusCode).toBe(200);
  });
});
