import { type Versions } from '@portal/contracts';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config/config';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { DOWNLOAD_DEDUPE_WINDOW_MS, downloadRecorder } from './download-records';
import { deleteExpiredDownloads } from './download-retention';

const demo = useDemoPortal();

/**
 * A second portal on the demo portal's database: closing it is a clean shutdown whose
 * effect on the records can be read back, and building it is a start-up.
 */
async function secondPortal({ logLines }: { logLines?: string[] } = {}): Promise<App> {
  const { db, pool } = demo.portal.database;
  const logger = logLines
    ? {
        level: 'warn',
        stream: new Writable({
          write(chunk: Buffer, _encoding, done) {
            logLines.push(chunk.toString());
            done();
          },
        }),
      }
    : false;
  return buildApp(
    {
      config: loadConfig({ DATA_DIR: demo.dataDir }),
      db,
      pool,
      secretKey: demo.portal.app.secretKey,
      blobStore: demo.portal.app.blobStore,
    },
    { logger },
  );
}

async function installerLink(version: string) {
  const versions = (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
  return versions[version]!.offlineInstaller!;
}

/** Each test downloads from addresses of its own (/24s apart, as records truncate them). */
let nextNetwork = 1;
const freshAddress = () => `203.0.${nextNetwork++}.7`;
const truncated = (address: string) => address.replace(/\.\d+$/, '.0');

async function recordsFrom(address: string) {
  const { rows } = await demo.portal.database.pool.query<{ name: string; bytes_sent: string; size_bytes: string }>(
    `SELECT f.name, d.bytes_sent, f.size_bytes FROM downloads d JOIN files f ON f.id = d.file_id
     WHERE d.client_address = $1 ORDER BY f.name, d.id`,
    [truncated(address)],
  );
  return rows;
}

/** Counts the statements that start with `prefix` sent through the shared pool. */
function countStatements(prefix: string) {
  const { pool } = demo.portal.database;
  const query = pool.query.bind(pool);
  let count = 0;
  const spy = vi.spyOn(pool, 'query').mockImplementation(((...args: Parameters<typeof pool.query>) => {
    const [first] = args as unknown[];
    const text = typeof first === 'string' ? first : (first as { text?: string }).text;
    if (text?.toLowerCase().startsWith(prefix)) count++;
    return (query as (...rest: unknown[]) => unknown)(...args);
  }) as typeof pool.query);
  return { count: () => count, spy };
}

afterEach(() => vi.restoreAllMocks());

describe('download records', () => {
  it('are written in batches: many downloads, few INSERTs, and every record there after a clean shutdown', async () => {
    const portal = await secondPortal();
    const link = await installerLink('2.8.1');
    const inserts = countStatements('insert into "downloads"');
    const addresses = Array.from({ length: 40 }, freshAddress);
    for (const remoteAddress of addresses) {
      expect((await portal.inject({ method: 'GET', url: link, remoteAddress })).statusCode).toBe(200);
    }
    await portal.close();
    expect(inserts.count()).toBeGreaterThan(0);
    expect(inserts.count()).toBeLessThanOrEqual(4);
    for (const address of addresses) expect(await recordsFrom(address)).toHaveLength(1);
  });

  it('count repeated Range requests for one link as one download with the bytes summed; another link is another', async () => {
    const portal = await secondPortal();
    const [link, otherLink] = [await installerLink('2.8.1'), await installerLink('2.10.0')];
    const [client, otherClient] = [freshAddress(), freshAddress()];
    const get = (url: string, range: string, remoteAddress = client) =>
      portal.inject({ method: 'GET', url, remoteAddress, headers: { range } });

    for (const range of ['bytes=0-49', 'bytes=50-99', 'bytes=100-']) {
      expect((await get(link, range)).statusCode).toBe(206);
    }
    expect((await get(otherLink, 'bytes=0-9')).statusCode).toBe(206);
    expect((await get(link, 'bytes=0-49', otherClient)).statusCode).toBe(206);
    await portal.close();

    const rows = await recordsFrom(client);
    expect(rows.map((row) => row.name)).toEqual(['Cornerstone-2.10.0-Offline.zip', 'Cornerstone-2.8.1-Offline.zip']);
    expect(rows[0]!.bytes_sent).toBe('10');
    expect(rows[1]!.bytes_sent).toBe(rows[1]!.size_bytes);
    expect(await recordsFrom(otherClient)).toMatchObject([{ bytes_sent: '50' }]);
  });

  it('keep working when the records cannot be written, with a warning that names no address', async () => {
    const logLines: string[] = [];
    const portal = await secondPortal({ logLines });
    const link = await installerLink('2.8.1');
    const { pool } = demo.portal.database;
    const query = pool.query.bind(pool);
    vi.spyOn(pool, 'query').mockImplementation(((...args: Parameters<typeof pool.query>) => {
      const [first] = args as unknown[];
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      if (text?.toLowerCase().startsWith('insert into "downloads"')) {
        return Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.9.8.7:5432'), { code: 'ECONNREFUSED' }));
      }
      return (query as (...rest: unknown[]) => unknown)(...args);
    }) as typeof pool.query);
    const client = freshAddress();
    const response = await portal.inject({ method: 'GET', url: link, remoteAddress: client });
    expect(response.statusCode).toBe(200);
    await portal.close();
    vi.restoreAllMocks();

    expect(await recordsFrom(client)).toEqual([]);
    const log = logLines.join('');
    expect(log).toContain('download records');
    expect(log).toContain('ECONNREFUSED');
    for (const secret of ['10.9.8.7', truncated(client), 'signature', 'grant']) expect(log).not.toContain(secret);
  });

  it('older than DOWNLOAD_RECORDS_RETENTION_DAYS are deleted when the files feature starts', async () => {
    const { pool } = demo.portal.database;
    const client = freshAddress();
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM files ORDER BY name LIMIT 1`);
    const insert = (daysAgo: number) =>
      pool.query(
        `INSERT INTO downloads (file_id, downloaded_at, bytes_sent, client_address)
         VALUES ($1, now() - make_interval(days => $2), $2, $3)`,
        [rows[0]!.id, daysAgo, truncated(client)],
      );
    for (const daysAgo of [401, 402, 500, 399, 1]) await insert(daysAgo);

    const portal = await secondPortal();
    await expect
      .poll(async () => (await recordsFrom(client)).map((row) => row.bytes_sent).sort())
      .toEqual(['1', '399']);
    await portal.close();
  });

  it('count a Range request after the window, or a whole-file request, as a new download', async () => {
    const { db, pool } = demo.portal.database;
    let nowMs = Date.parse('2030-01-01T00:00:00Z');
    const recorder = downloadRecorder(db, demo.portal.app.log, { now: () => nowMs });
    const { rows } = await pool.query<{ id: string }>(`SELECT id FROM files ORDER BY name LIMIT 1`);
    const client = freshAddress();
    const visit = (ranged: boolean, bytesSent: number) =>
      recorder.record({
        link: `same-link\n${client}`,
        ranged,
        record: { fileId: rows[0]!.id, registrationDigest: null, bytesSent, clientAddress: truncated(client) },
      });
    visit(false, 1);
    visit(true, 2);
    await recorder.flush();
    nowMs += DOWNLOAD_DEDUPE_WINDOW_MS;
    visit(true, 4);
    nowMs += DOWNLOAD_DEDUPE_WINDOW_MS + 1;
    visit(true, 8);
    visit(false, 16);
    await recorder.close();
    expect((await recordsFrom(client)).map((row) => row.bytes_sent)).toEqual(['7', '8', '16']);
  });

  it('are deleted in bounded chunks', async () => {
    const { db, pool } = demo.portal.database;
    const client = freshAddress();
    await pool.query(
      `INSERT INTO downloads (file_id, downloaded_at, bytes_sent, client_address)
       SELECT (SELECT id FROM files ORDER BY name LIMIT 1), now() - interval '30 days', n, $1 FROM generate_series(1, 5) n`,
      [truncated(client)],
    );
    const { rows } = await pool.query<{ expired: number }>(
      `SELECT count(*)::int AS expired FROM downloads WHERE downloaded_at < now() - interval '10 days'`,
    );
    const expired = rows[0]!.expired;
    expect(expired).toBeGreaterThanOrEqual(5);
    const deletes = countStatements('delete from "downloads"');
    expect(await deleteExpiredDownloads(db, 10, { chunkRows: 2 })).toBe(expired);
    // Two rows a statement, and one more that finds fewer than two left.
    expect(deletes.count()).toBe(Math.floor(expired / 2) + 1);
    expect(await recordsFrom(client)).toEqual([]);
  });
});
