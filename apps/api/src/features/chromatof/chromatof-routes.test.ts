import {
  HAL_CONTENT_TYPE,
  INCORRECT_KEY,
  keyIdDownloadsAuthorization,
  type ChromatofDownload,
  type HalLinks,
  type LatestVersions,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';
import { issueStaffSession, revokeStaffSession } from '../../shared/staff-sessions';

const demo = useDemoPortal();
const { get, freshClient } = demo;

// Key IDs of the demo catalogue (docs/demo-data.md), in the download lookup's header form.
const KEY = keyIdDownloadsAuthorization('DEMO-KEY-2001');
const NOTHING = keyIdDownloadsAuthorization('DEMO-KEY-2002');
const TILE = keyIdDownloadsAuthorization('DEMO-KEY-2004');
const ENTRY = '/v1/chromatof/downloads';

const entries = (document: HalLinks) => Object.values(document._links);

/** What the web client does (SPEC §7): the first entry's href, then every entry of that, each fetched. */
async function followLinks(authorization: string, remoteAddress = freshClient()) {
  const fetchJson = async <T>(url: string) => {
    const response = await get(url, authorization, { remoteAddress });
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toBe(`${HAL_CONTENT_TYPE}; charset=utf-8`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    return response.json<T>();
  };
  const products = entries(await fetchJson<HalLinks>(ENTRY));
  if (products.length === 0) return null;
  const downloads = entries(await fetchJson<HalLinks>(products[0]!.href));
  return Promise.all(downloads.map((link) => fetchJson<ChromatofDownload>(link.href)));
}

describe('the ChromaTOF download lookup, link by link', () => {
  it('lists the products of a key ID, then every file of every release, each with a signed link', async () => {
    const products = await get(ENTRY, KEY, { remoteAddress: freshClient() });
    expect(products.json()).toEqual({
      _links: { ChromaTOF: { href: '/v1/chromatof/downloads/ChromaTOF', title: 'ChromaTOF' } },
    });

    const downloads = (await followLinks(KEY))!;
    expect(downloads.map((download) => download.label)).toEqual([
      'ChromaTOF 6.1.0 Installer',
      'ChromaTOF 6.1.0 Release Notes',
      'ChromaTOF 6.1.0 User Manual',
      // The release's SBOM follows its files.
      'ChromaTOF 6.1.0 Software bill of materials (CycloneDX 1.6, 4 components)',
      'ChromaTOF 6.0.2 Installer',
      'ChromaTOF 6.0.2 Release Notes',
      'ChromaTOF 6.0.2 User Manual',
    ]);
    expect(downloads[0]).toEqual({
      label: 'ChromaTOF 6.1.0 Installer',
      product: 'ChromaTOF',
      version: '6.1.0',
      kind: 'installer',
      uri: expect.stringMatching(/^\/v1\/files\/[0-9a-f-]{36}\/ChromaTOF-6\.1\.0-Setup\.zip\?expires=\d+&grant=r\./),
      fileName: 'ChromaTOF-6.1.0-Setup.zip',
      contentType: 'application/zip',
      inline: false,
      sizeBytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      releaseDate: '2025-04-08',
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      // No advisory of the demo names a ChromaTOF release (security-advisories/chromatof-marks.test.ts publishes one).
      affectedBy: [],
      _links: { self: { href: '/v1/chromatof/downloads/ChromaTOF/6.1.0/Installer' } },
    });
  });

  it("delivers a download through the key ID's signed link, byte for byte as published", async () => {
    const [installer] = (await followLinks(KEY))!;
    const file = await get(installer!.uri);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toHaveLength(installer!.sizeBytes);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(installer!.sha256);
    expect(file.headers['content-disposition']).toContain('ChromaTOF-6.1.0-Setup.zip');
  });

  it('answers a key ID that may download nothing with no links: the client result is null', async () => {
    const response = await get(ENTRY, NOTHING, { remoteAddress: freshClient() });
    expect(response.json()).toEqual({ _links: {} });
    expect(await followLinks(NOTHING)).toBeNull();
  });

  it("answers a key asking for another product's releases as if the product did not exist", async () => {
    const client = freshClient();
    const tile = entries((await get(ENTRY, TILE, { remoteAddress: client })).json<HalLinks>());
    expect(tile.map((link) => link.href)).toEqual(['/v1/chromatof/downloads/ChromaTOF%20Tile']);

    for (const url of [
      '/v1/chromatof/downloads/ChromaTOF%20Tile',
      '/v1/chromatof/downloads/ChromaTOF%20Tile/2.1.0/Installer',
      '/v1/chromatof/downloads/No%20Such%20Product',
      '/v1/chromatof/downloads/ChromaTOF/9.9.9/Installer',
      '/v1/chromatof/downloads/ChromaTOF/6.1.0/No%20Such%20File',
    ]) {
      const response = await get(url, KEY, { remoteAddress: client });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not-found' });
    }
    // DEMO-KEY-2004 may download ChromaTOF Tile only.
    const other = await get('/v1/chromatof/downloads/ChromaTOF', TILE, { remoteAddress: client });
    expect(other.statusCode).toBe(404);
    expect(((await followLinks(TILE)) ?? []).map((download) => download.label)).toEqual([
      'ChromaTOF Tile 2.1.0 Installer',
      'ChromaTOF Tile 2.1.0 Release Notes',
      'ChromaTOF Tile 2.0.0 Installer',
    ]);
  });

  it('answers unknown, malformed and revoked keys alike at every level: 401 "Incorrect key"', async () => {
    const client = freshClient();
    const bodies = new Set<string>();
    for (const url of [
      ENTRY,
      '/v1/chromatof/downloads/ChromaTOF',
      '/v1/chromatof/downloads/ChromaTOF/6.1.0/Installer',
    ]) {
      for (const authorization of [
        'Rainbow NO-SUCH-KEY',
        'Rainbow DEMO-KEY-REVOKED-2003',
        'Rainbow id=DEMO-KEY-REVOKED-2003',
        'Rainbow not a key!',
        'Rainbow ',
        'Hasp id=DEMO-CS-1001',
        undefined,
      ]) {
        const response = await get(url, authorization, { remoteAddress: client });
        expect(response.statusCode, `${url} ${authorization}`).toBe(401);
        bodies.add(response.body);
      }
    }
    expect([...bodies]).toEqual([JSON.stringify({ message: INCORRECT_KEY, code: 'key-id-unknown' })]);
  });

  it('counts every refused key against the guessing brake', async () => {
    const guesser = freshClient();
    for (let attempt = 0; attempt < 20; attempt++) {
      const wrong = attempt % 2 === 0 ? `Rainbow GUESS-${attempt}` : `Rainbow bad key ${attempt}`;
      expect((await get(ENTRY, wrong, { remoteAddress: guesser })).statusCode).toBe(401);
    }
    const braked = await get(ENTRY, keyIdDownloadsAuthorization('DEMO-KEY-2002'), { remoteAddress: guesser });
    expect(braked.statusCode).toBe(429);
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get(ENTRY, KEY, { remoteAddress: freshClient() })).statusCode).toBe(200);
  });
});

describe('GET /v1/chromatof/latestversions', () => {
  const URL = '/v1/chromatof/latestversions';

  it('gives staff the latest release of each product, by product, with what each release has', async () => {
    const response = await get(URL, demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<LatestVersions>()).toEqual({
      header: ['Product', 'Released', 'Version', 'Installer', 'Manual', 'Release notes'],
      rows: [
        ['ChromaTOF', '2025-04-08', '6.1.0', true, true, true],
        ['ChromaTOF Tile', '2025-01-21', '2.1.0', true, false, true],
      ],
    });
  });

  it('refuses a request without a bearer, with a revoked one, and with a key ID: 401', async () => {
    const { db } = demo.portal.database;
    const { bearer, sessionId } = await issueStaffSession(db, demo.portal.app.secretKey, 'gone@example.com');
    await revokeStaffSession(db, demo.portal.app.secretKey, sessionId);
    for (const authorization of [undefined, `Bearer ${bearer}`, KEY]) {
      const response = await get(URL, authorization);
      expect(response.statusCode, authorization).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });

  it('refuses a query it does not know with 400', async () => {
    const response = await get(`${URL}?product=ChromaTOF`, demo.staff);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});
