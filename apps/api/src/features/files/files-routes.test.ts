import { type Versions } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_CATALOGUE_DIR } from '../../paths';

import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get } = demo;

describe('file delivery', () => {
  async function installerLink(authorization: string = DEMO.CS, version = '2.8.1') {
    const versions = (await get('/v1/Cornerstone/versions', authorization)).json<Versions>();
    return versions[version]!.offlineInstaller!;
  }
  const demoFile = (name: string) => readFile(path.join(DEMO_CATALOGUE_DIR, 'installers', name));

  it('sends the file with its type, name, length and SHA-256 ETag', async () => {
    const bytes = await demoFile('Cornerstone-2.8.1-Offline.zip');
    const response = await get(await installerLink());
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(bytes)).toBe(true);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-length']).toBe(String(bytes.length));
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Cornerstone-2.8.1-Offline.zip"; filename*=UTF-8''Cornerstone-2.8.1-Offline.zip`,
    );
    expect(response.headers.etag).toBe(`"${createHash('sha256').update(bytes).digest('hex')}"`);
    expect(response.headers['accept-ranges']).toBe('bytes');
  });

  it('answers If-None-Match with 304 and Range with 206, so a resumed download is byte-identical', async () => {
    const bytes = await demoFile('Cornerstone-2.8.1-Offline.zip');
    const link = await installerLink();
    const { etag } = (await get(link)).headers as { etag: string };
    const notModified = await get(link, undefined, { headers: { 'if-none-match': etag } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);

    const head = await get(link, undefined, { headers: { range: 'bytes=0-99' } });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${bytes.length}`);
    const rest = await get(link, undefined, { headers: { range: 'bytes=100-', 'if-range': etag } });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 100-${bytes.length - 1}/${bytes.length}`);
    expect(Buffer.concat([head.rawPayload, rest.rawPayload]).equals(bytes)).toBe(true);

    const suffix = await get(link, undefined, { headers: { range: 'bytes=-10' } });
    expect(suffix.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('sends the whole file when If-Range names another version of it, and 416 past the end', async () => {
    const bytes = await demoFile('Cornerstone-2.8.1-Offline.zip');
    const link = await installerLink();
    const changed = await get(link, undefined, { headers: { range: 'bytes=100-', 'if-range': '"0000"' } });
    expect(changed.statusCode).toBe(200);
    expect(changed.rawPayload.equals(bytes)).toBe(true);
    const beyond = await get(link, undefined, { headers: { range: `bytes=${bytes.length}-` } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.json()).toEqual({ message: expect.any(String) });
  });

  it('answers a tampered or borrowed link with 404, and an expired one with 410', async () => {
    const link = await installerLink();
    const url = new URL(link, 'http://portal');
    const otherFile = new URL(await installerLink(DEMO.CS, '2.10.0'), 'http://portal');
    const tampered = [
      link.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`),
      link.replace(/expires=\d+/, (match) => `expires=${Number(match.slice(8)) + 3600}`),
      `${otherFile.pathname}${url.search}`,
      link.replace(/grant=r\.[0-9a-f]{4}/, 'grant=r.0000'),
    ];
    for (const attempt of tampered) {
      const response = await get(attempt);
      expect(response.statusCode, attempt).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
    const file = { id: url.pathname.split('/')[3]!, name: 'Cornerstone-2.8.1-Offline.zip' };
    const expired = demo.portal.app.downloadLinks.sign(file, 'staff', Date.now() - 3_661_000);
    const response = await get(expired);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: expect.stringContaining('expired') });
    expect((await get(`${url.pathname}?expires=abc`)).statusCode).toBe(400);
  });

  it('records each download with the registration digest, bytes sent and a truncated address, never the ID', async () => {
    const link = await installerLink(DEMO.DEV, '2.11.0-beta');
    await get(link, undefined, { remoteAddress: '203.0.113.77' });
    await get(link, undefined, { remoteAddress: '2001:db8:1:2::77', headers: { range: 'bytes=0-9' } });
    const recorded = async () =>
      (
        await demo.portal.database.pool.query(
          `SELECT d.registration_digest, d.bytes_sent, d.client_address, f.size_bytes FROM downloads d JOIN files f ON f.id = d.file_id
           WHERE f.name = 'Cornerstone-2.11.0-beta-Offline.zip' ORDER BY d.id`,
        )
      ).rows;
    // Recorded once the answer has gone out, so the rows may follow the answer by a moment.
    await expect.poll(async () => (await recorded()).length).toBe(2);
    const rows = await recorded();
    expect(rows[0]).toMatchObject({ client_address: '203.0.113.0', bytes_sent: rows[0].size_bytes });
    expect(rows[1]).toMatchObject({ client_address: '2001:db8:1::', bytes_sent: '10' });
    expect(rows[0].registration_digest).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain('DEMO-DEV');
  });
});
