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
      expect(response.json()).toEqual({ message: 'Not found', code: 'not-found' });
    }
    const file = { id: url.pathname.split('/')[3]!, name: 'Cornerstone-2.8.1-Offline.zip' };
    const expired = demo.portal.app.downloadLinks.sign(file, 'staff', Date.now() - 3_661_000);
    const response = await get(expired);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: expect.stringContaining('expired'), code: 'link-expired' });
    expect((await get(`${url.pathname}?expires=abc`)).statusCode).toBe(400);
  });

  it('answers HEAD with the headers GET sends, the length of the file or range included', async () => {
    const link = await installerLink();
    const head = (headers = {}) => demo.portal.app.inject({ method: 'HEAD', url: link, headers });
    const comparable = ({ date: _date, ...headers }: Record<string, unknown>) => headers;
    for (const headers of [{}, { range: 'bytes=10-59' }, { range: 'bytes=-10' }]) {
      const [byHead, byGet] = [await head(headers), await get(link, undefined, { headers })];
      expect(byHead.statusCode).toBe(byGet.statusCode);
      expect(comparable(byHead.headers)).toEqual(comparable(byGet.headers));
      expect(byHead.rawPayload.length).toBe(0);
    }
    const whole = await head();
    expect(whole.headers['content-length']).toBe(String((await demoFile('Cornerstone-2.8.1-Offline.zip')).length));
    expect((await head({ range: 'bytes=10-59' })).headers['content-length']).toBe('50');
  });

  it('serves a PDF inline under a policy that lets the viewer embed it, everything else as an attachment', async () => {
    const [dsv] = Object.values((await get('/v1/Cornerstone/dsv', DEMO.CS)).json<Record<string, { uri: string }>>());
    const pdf = await get(dsv!.uri);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; filename="DSV-Cornerstone-[^"]+\.pdf"; filename\*=/);
    expect(pdf.headers['content-security-policy']).toBe(
      "default-src 'none'; object-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(pdf.headers['x-content-type-options']).toBe('nosniff');

    const zip = await get(await installerLink());
    expect(zip.headers['content-disposition']).toMatch(/^attachment; /);
    expect(zip.headers['content-security-policy']).toContain("default-src 'none'");
    expect(zip.headers['content-security-policy']).not.toContain('object-src');
  });

  describe('a link that no longer works, opened by a person', () => {
    const navigation = {
      host: 'portal.example',
      'sec-fetch-mode': 'navigate',
      accept: 'text/html,application/xhtml+xml,*/*;q=0.8',
    };
    const fromLookup = {
      ...navigation,
      referer: 'https://portal.example/cornerstone/pibs?registrationId=DEMO-CS-1001',
    };

    it('leads to the page that says the link expired, and back to the lookup without the registration ID', async () => {
      const file = {
        id: new URL(await installerLink(), 'http://portal').pathname.split('/')[3]!,
        name: 'Cornerstone-2.8.1-Offline.zip',
      };
      const expired = demo.portal.app.downloadLinks.sign(file, 'staff', Date.now() - 3_661_000);
      const response = await get(expired, undefined, { headers: fromLookup });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(
        '/download-link?problem=expired&from=%2Fcornerstone%2Fpibs&file=Cornerstone-2.8.1-Offline.zip',
      );
      expect(response.headers.location).not.toContain('DEMO');
      expect(response.headers.vary).toContain('Sec-Fetch-Mode');
      // An older browser, known only by what it accepts, and no page it came from.
      const old = await get(expired, undefined, { headers: { accept: 'text/html' } });
      expect(old.headers.location).toBe('/download-link?problem=expired&file=Cornerstone-2.8.1-Offline.zip');
      // Programs still get the JSON error.
      for (const headers of [{}, { accept: 'application/json' }, { 'sec-fetch-mode': 'cors', accept: 'text/html' }]) {
        const api = await get(expired, undefined, { headers });
        expect(api.statusCode).toBe(410);
        expect(api.json()).toEqual({
          message: 'This download link has expired. Please look the file up again.',
          code: 'link-expired',
        });
      }
    });

    it('names the file an expired link was for and the lookup that hands it out again', async () => {
      const snapshot = await demo.portal.app.catalogue.get();
      const { digestOf } = demo.portal.app.registrations;
      const customer = (credential: string) => {
        const [scheme, id] = credential.split(' id=') as [string, string];
        return `r.${digestOf({ scheme: scheme.toLowerCase() as 'hasp' | 'rainbow', id })}` as const;
      };
      const installer = [...snapshot.versions.values()].find((version) => version.offlineInstaller)!.offlineInstaller!;
      const notes = [...snapshot.releaseNotes.values()][0]!;
      const chromatofFile = snapshot.chromatofReleases[0]!.files[0]!.file;
      const cornerstonePib = snapshot.pibs.find((pib) => !pib.product.startsWith('ChromaTOF'))!.file;
      const chromatofPib = snapshot.pibs.find((pib) => pib.product.startsWith('ChromaTOF'))!.file;
      const cases = [
        { file: installer, grant: customer(DEMO.CS), lookup: 'offline-installer' },
        { file: notes, grant: customer(DEMO.CS), lookup: 'offline-installer' },
        { file: cornerstonePib, grant: customer(DEMO.CS), lookup: 'pibs' },
        { file: [...snapshot.dsvs.values()][0]!.file, grant: customer(DEMO.CS), lookup: 'dsvs' },
        { file: chromatofFile, grant: customer(DEMO.KEY), lookup: 'chromatof' },
        { file: chromatofPib, grant: customer(DEMO.KEY), lookup: 'chromatof-pibs' },
        { file: cornerstonePib, grant: 'staff', lookup: 'service-releases' },
        { file: chromatofFile, grant: 'staff', lookup: 'service-chromatof-releases' },
      ] as const;
      for (const { file, grant, lookup } of cases) {
        const expired = demo.portal.app.downloadLinks.sign(file, grant, Date.now() - 3_661_000);
        const response = await get(expired, undefined, { headers: navigation });
        const page = new URL(response.headers.location as string, 'http://portal');
        expect(page.pathname, file.name).toBe('/download-link');
        expect(Object.fromEntries(page.searchParams), file.name).toEqual({
          problem: 'expired',
          lookup,
          file: file.name,
        });
      }
      // A registration no longer published: the file is named, the lookup is not guessed.
      const gone = demo.portal.app.downloadLinks.sign(installer, `r.${'0'.repeat(64)}`, Date.now() - 3_661_000);
      const response = await get(gone, undefined, { headers: navigation });
      expect(response.headers.location).toBe(`/download-link?problem=expired&file=${installer.name}`);
    });

    it('leads to the page that says the link is not valid when it was tampered with or mangled', async () => {
      const link = await installerLink();
      const tampered = link.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
      const mangled = link.replace(/expires=\d+/, 'expires=abc');
      for (const attempt of [tampered, mangled]) {
        const response = await get(attempt, undefined, { headers: fromLookup });
        expect(response.statusCode, attempt).toBe(303);
        expect(response.headers.location).toBe('/download-link?problem=invalid&from=%2Fcornerstone%2Fpibs');
      }
      // A page of another site is not where the link came from.
      const elsewhere = await get(tampered, undefined, {
        headers: { ...navigation, referer: 'https://example.com/cornerstone/pibs' },
      });
      expect(elsewhere.headers.location).toBe('/download-link?problem=invalid');
      // Opened from a page in another language: the page that says so is in that language, and
      // names the page it came from by its English address (the page links it in its own).
      const german = await get(tampered, undefined, {
        headers: { ...navigation, referer: 'https://portal.example/de/cornerstone/pibs?registrationId=DEMO-CS-1001' },
      });
      expect(german.headers.location).toBe('/de/download-link?problem=invalid&from=%2Fcornerstone%2Fpibs');
      const fromJapaneseHome = await get(tampered, undefined, {
        headers: { ...navigation, referer: 'https://portal.example/ja' },
      });
      expect(fromJapaneseHome.headers.location).toBe('/ja/download-link?problem=invalid');
      expect((await get(tampered)).statusCode).toBe(404);
      const api = await get(mangled);
      expect(api.statusCode).toBe(400);
      expect(api.json()).toEqual({ message: 'querystring/expires must be integer' });
    });
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
