import {
  INVALID_DSV_REGISTRATION_ID,
  INVALID_INSTALLER_REGISTRATION_ID,
  INVALID_KEY_ID,
  INVALID_PIB_REGISTRATION_ID,
  type DsvMap,
  type Pib,
  type Versions,
} from '@portal/contracts';
import { createHash } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { derivedKey } from '../../shared/keyed-digest';
import { issueStaffSession } from '../../shared/staff-sessions';
import { importFolder } from './catalogue-setup';
import { signDownloadLink } from './download-links';

const CS = 'Hasp id=DEMO-CS-1001';
const ONH = 'Hasp id=DEMO-ONH-1002';
const DEV = 'Hasp id=DEMO-DEV-1003';
const DEMO = 'Hasp id=DEMO-DEMO-1004';
const KEY = 'Rainbow id=DEMO-KEY-2001';

let portal: TestApp;
let dataDir: string;
let staff: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-catalogue-'));
  portal = await createTestApp({ env: { DATA_DIR: dataDir } });
  portal.app.log.level = 'silent';
  await importFolder(DEMO_CATALOGUE_DIR, { pool: portal.database.pool, secretKey: portal.app.secretKey, dataDir });
  staff = `Bearer ${(await issueStaffSession(portal.database.db, portal.app.secretKey, 'staff@example.com')).bearer}`;
});
afterAll(async () => {
  await portal.close();
  await rm(dataDir, { recursive: true, force: true });
});

let nextAddress = 1;
/** Each test asks from an address of its own, so the guessing brake of one never touches another. */
const freshClient = () => `198.51.100.${nextAddress++}`;

function get(url: string, authorization?: string, { remoteAddress = '192.0.2.1', headers = {} } = {}) {
  return portal.app.inject({
    method: 'GET',
    url,
    remoteAddress,
    headers: { ...(authorization ? { authorization } : {}), ...headers },
  });
}

describe('GET /v1/Cornerstone/families', () => {
  it('maps every family to whether the registration has it, Dev and Demo included', async () => {
    const dev = await get('/v1/Cornerstone/families', DEV);
    expect(dev.statusCode).toBe(200);
    expect(dev.json()).toEqual({ CS: false, Demo: false, Dev: true, ONH: false, TGA: true });
    expect((await get('/v1/Cornerstone/families', DEMO)).json()).toMatchObject({ CS: true, Demo: true, Dev: false });
    expect((await get('/v1/Cornerstone/families', CS)).json()).toMatchObject({ CS: true, Demo: false, Dev: false });
  });
});

describe('GET /v1/Cornerstone/versions', () => {
  it('lists the versions available to the registration, with installer links and family maps', async () => {
    const response = await get('/v1/Cornerstone/versions', CS);
    expect(response.statusCode).toBe(200);
    const versions = response.json<Versions>();
    expect(Object.keys(versions).sort()).toEqual(['2.10.0', '2.6.2', '2.7.0', '2.8.1']);
    expect(versions['2.8.1']).toEqual({
      name: '2.8.1',
      offlineInstaller: expect.stringMatching(
        /^\/v1\/files\/[0-9a-f-]{36}\/Cornerstone-2\.8\.1-Offline\.zip\?expires=/,
      ),
      offlineInstallerBuiltAt: '2024-06-12T09:30:00.000Z',
      families: { CS: true, Demo: true, Dev: false, ONH: true, TGA: true },
    });
  });

  it('shows a version without an installer as such', async () => {
    const versions = (await get('/v1/Cornerstone/versions', ONH)).json<Versions>();
    expect(Object.keys(versions).sort()).toEqual(['2.6.2', '2.7.0', '2.8.1', '2.9.0']);
    expect(versions['2.9.0']).toMatchObject({ offlineInstaller: null, offlineInstallerBuiltAt: null });
  });

  it('takes the registration ID without regard to case or surrounding spaces', async () => {
    expect((await get('/v1/Cornerstone/versions', 'Hasp id= demo-cs-1001 ')).statusCode).toBe(200);
  });

  it('lists every version for signed-in staff, and refuses a bad bearer', async () => {
    const versions = (await get('/v1/Cornerstone/versions', staff)).json<Versions>();
    expect(Object.keys(versions)).toHaveLength(6);
    expect(versions['2.11.0-beta']!.families.Dev).toBe(true);
    const refused = await get('/v1/Cornerstone/versions', 'Bearer a.b.c', { remoteAddress: freshClient() });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'Sign in to use this.' });
  });

  it('never reads a credential from the query string', async () => {
    const response = await get('/v1/Cornerstone/versions?registrationId=DEMO-CS-1001', undefined, {
      remoteAddress: freshClient(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: INVALID_INSTALLER_REGISTRATION_ID });
  });
});

describe('staff-only catalogue routes', () => {
  it('GET /v1/Cornerstone/versions/{name} answers one version to staff, 404 for an unknown one', async () => {
    const response = await get('/v1/Cornerstone/versions/2.10.0', staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: '2.10.0', offlineInstaller: expect.stringContaining('/v1/files/') });
    expect((await get('/v1/Cornerstone/versions/9.9.9', staff)).json()).toEqual({ message: 'No such version' });
    expect((await get('/v1/Cornerstone/versions/9.9.9', staff)).statusCode).toBe(404);
    for (const authorization of [undefined, CS]) {
      const refused = await get('/v1/Cornerstone/versions/2.10.0', authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Sign in to use this.' });
    }
  });

  it('GET /v1/Cornerstone/releaseDates maps version names to dates, for staff only', async () => {
    const response = await get('/v1/Cornerstone/releaseDates', staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      '2.6.2': '2023-04-18',
      '2.7.0': '2023-11-07',
      '2.8.1': '2024-06-12',
      '2.9.0': '2024-10-01',
      '2.10.0': '2025-05-20',
    });
    expect((await get('/v1/Cornerstone/releaseDates', CS)).statusCode).toBe(401);
  });
});

describe('GET /v1/ProductInformationBulletins', () => {
  const summary = (pibs: Pib[]) => pibs.map((pib) => `${pib.product} ${pib.version} ${pib.variant}`).sort();

  it('gives a registration the Cornerstone PIBs of its versions', async () => {
    const response = await get('/v1/ProductInformationBulletins', CS);
    expect(response.statusCode).toBe(200);
    expect(summary(response.json())).toEqual([
      'Cornerstone 2.10.0 21 CFR Part 11',
      'Cornerstone 2.10.0 Standard',
      'Cornerstone 2.7.0 Standard',
      'Cornerstone 2.8.1 Standard',
    ]);
    expect(response.json<Pib[]>()[0]).toEqual({
      product: 'Cornerstone',
      version: expect.any(String),
      internalVariant: expect.any(String),
      variant: expect.any(String),
      uri: expect.stringMatching(/^\/v1\/files\//),
    });
  });

  it('gives a ChromaTOF key ID its product PIBs, and staff every PIB', async () => {
    expect(summary((await get('/v1/ProductInformationBulletins', KEY)).json())).toEqual([
      'ChromaTOF 6.0.2 Standard',
      'ChromaTOF 6.1.0 Standard',
    ]);
    expect((await get('/v1/ProductInformationBulletins', staff)).json()).toHaveLength(8);
  });

  it('does not take a registration ID as a key ID, nor the reverse', async () => {
    const client = freshClient();
    const asKey = await get('/v1/ProductInformationBulletins', 'Rainbow id=DEMO-CS-1001', { remoteAddress: client });
    expect(asKey.statusCode).toBe(401);
    expect(asKey.json()).toEqual({ message: INVALID_KEY_ID });
    const asRegistration = await get('/v1/ProductInformationBulletins', 'Hasp id=DEMO-KEY-2001', {
      remoteAddress: client,
    });
    expect(asRegistration.json()).toEqual({ message: INVALID_PIB_REGISTRATION_ID });
  });
});

describe('DSVs', () => {
  it('GET /v1/Cornerstone/dsv maps keys to versions and links, keeping only digits.digits.digits', async () => {
    const response = await get('/v1/Cornerstone/dsv', CS);
    expect(response.statusCode).toBe(200);
    const dsvs = response.json<DsvMap>();
    expect(Object.fromEntries(Object.entries(dsvs).map(([key, dsv]) => [key, dsv.version]))).toEqual({
      'CS-DSV-270': '2.7.0',
      'CS-DSV-281': '2.8.1',
      'CS-DSV-2100': '2.10.0',
    });
    expect(dsvs['CS-DSV-281']!.uri).toMatch(/^\/v1\/files\/.*DSV-Cornerstone-2\.8\.1\.pdf\?/);
    expect(Object.keys((await get('/v1/Cornerstone/dsv', ONH)).json<DsvMap>()).sort()).toEqual([
      'CS-DSV-270',
      'CS-DSV-281',
    ]);
  });

  it('GET /v1/Cornerstone/DSV/{registrationId}/{key} gives a link to the document', async () => {
    const response = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-2100', CS);
    expect(response.statusCode).toBe(200);
    const { uri } = response.json<{ uri: string }>();
    const file = await get(uri);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a path registration ID that is not the one in the Authorization header', async () => {
    const client = freshClient();
    for (const authorization of [ONH, undefined]) {
      const response = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-281', authorization, {
        remoteAddress: client,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_DSV_REGISTRATION_ID });
    }
  });

  it('answers a document the registration is not entitled to exactly like one that does not exist', async () => {
    const unentitled = await get('/v1/Cornerstone/DSV/DEMO-ONH-1002/CS-DSV-2100', ONH);
    const missing = await get('/v1/Cornerstone/DSV/DEMO-ONH-1002/NO-SUCH-KEY', ONH);
    const filtered = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-29-DRAFT', CS);
    for (const response of [unentitled, missing, filtered]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });
});

describe('401 uniformity (SPEC §8)', () => {
  const endpoints = [
    { url: '/v1/Cornerstone/families', message: INVALID_INSTALLER_REGISTRATION_ID, scheme: 'Hasp' },
    { url: '/v1/Cornerstone/versions', message: INVALID_INSTALLER_REGISTRATION_ID, scheme: 'Hasp' },
    { url: '/v1/ProductInformationBulletins', message: INVALID_PIB_REGISTRATION_ID, scheme: 'Hasp' },
    { url: '/v1/ProductInformationBulletins', message: INVALID_KEY_ID, scheme: 'Rainbow' },
    { url: '/v1/Cornerstone/dsv', message: INVALID_DSV_REGISTRATION_ID, scheme: 'Hasp' },
  ];
  for (const { url, message, scheme } of endpoints) {
    it(`${url} answers unknown, malformed and revoked ${scheme} IDs alike: 401 "${message}"`, async () => {
      const client = freshClient();
      const attempts = [
        `${scheme} id=NO-SUCH-ID-0000`,
        `${scheme} id=DEMO-REVOKED-1005`,
        `${scheme} id=`,
        `${scheme} id=not an id!`,
        `${scheme} id=${'A'.repeat(200)}`,
        `${scheme} DEMO-CS-1001`,
      ];
      const bodies = new Set<string>();
      for (const authorization of attempts) {
        const response = await get(url, authorization, { remoteAddress: client });
        expect(response.statusCode, authorization).toBe(401);
        bodies.add(response.body);
      }
      expect([...bodies]).toEqual([JSON.stringify({ message })]);
    });
  }

  it('answers a missing header with the same 401 as a wrong ID', async () => {
    const response = await get('/v1/Cornerstone/dsv', undefined, { remoteAddress: freshClient() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: INVALID_DSV_REGISTRATION_ID });
  });
});

describe('the brake on guessing', () => {
  it('refuses a client with 429 and Retry-After past 20 failures in 10 minutes, leaving others alone', async () => {
    const guesser = freshClient();
    for (let attempt = 0; attempt < 20; attempt++) {
      const response = await get('/v1/Cornerstone/versions', `Hasp id=GUESS-${attempt}`, { remoteAddress: guesser });
      expect(response.statusCode).toBe(401);
    }
    for (const url of ['/v1/Cornerstone/versions', '/v1/Cornerstone/dsv', '/v1/ProductInformationBulletins']) {
      // Even a right ID: the guesser cannot tell a hit from the brake.
      const braked = await get(url, CS, { remoteAddress: guesser });
      expect(braked.statusCode).toBe(429);
      expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
      expect(braked.json()).toEqual({ message: expect.stringContaining('Too many failed attempts') });
    }
    expect((await get('/v1/Cornerstone/versions', CS, { remoteAddress: freshClient() })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so changing address within it does not help', async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      await get('/v1/Cornerstone/dsv', `Hasp id=GUESS-${attempt}`, { remoteAddress: `2001:db8:a:b::${attempt}` });
    }
    expect((await get('/v1/Cornerstone/dsv', CS, { remoteAddress: '2001:db8:a:b:ffff::99' })).statusCode).toBe(429);
    expect((await get('/v1/Cornerstone/dsv', CS, { remoteAddress: '2001:db8:a:c::1' })).statusCode).toBe(200);
  });

  it('does not count successful lookups', async () => {
    const client = freshClient();
    for (let lookup = 0; lookup < 30; lookup++) {
      expect((await get('/v1/Cornerstone/versions', CS, { remoteAddress: client })).statusCode).toBe(200);
    }
    expect((await get('/v1/Cornerstone/versions', 'Hasp id=WRONG', { remoteAddress: client })).statusCode).toBe(401);
  });
});

describe('file delivery', () => {
  async function installerLink(authorization = CS, version = '2.8.1') {
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
    const otherFile = new URL(await installerLink(CS, '2.10.0'), 'http://portal');
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
    const expired = signDownloadLink(
      derivedKey(portal.app.secretKey, 'download-link'),
      file,
      'staff',
      Date.now() - 3_661_000,
    );
    const response = await get(expired);
    expect(response.statusCode).toBe(410);
    expect(response.json()).toEqual({ message: expect.stringContaining('expired') });
    expect((await get(`${url.pathname}?expires=abc`)).statusCode).toBe(400);
  });

  it('records each download with the registration digest, bytes sent and a truncated address, never the ID', async () => {
    const link = await installerLink(DEV, '2.11.0-beta');
    await get(link, undefined, { remoteAddress: '203.0.113.77' });
    await get(link, undefined, { remoteAddress: '2001:db8:1:2::77', headers: { range: 'bytes=0-9' } });
    const recorded = async () =>
      (
        await portal.database.pool.query(
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

describe('publishing', () => {
  it('shows a new import on the next lookup', async () => {
    const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-'));
    await cp(path.join(DEMO_CATALOGUE_DIR, 'installers/Cornerstone-2.10.0-Offline.zip'), path.join(folder, 'i.zip'));
    await writeFile(
      path.join(folder, 'catalogue.json'),
      JSON.stringify({
        families: ['CS'],
        versions: [{ name: '2.12.0', families: ['CS'], offlineInstaller: { path: 'i.zip' } }],
        registrations: [],
        pibs: [],
        dsvs: [],
      }),
    );
    expect(Object.keys((await get('/v1/Cornerstone/versions', CS)).json())).not.toContain('2.12.0');
    await importFolder(folder, { pool: portal.database.pool, secretKey: portal.app.secretKey, dataDir });
    await expect
      .poll(async () => Object.keys((await get('/v1/Cornerstone/versions', CS)).json()), { timeout: 5000 })
      .toContain('2.12.0');
    await rm(folder, { recursive: true, force: true });
  });

  it('documents every catalogue path in the OpenAPI document', async () => {
    const paths = Object.keys((await get('/v1/openapi.json')).json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/v1/Cornerstone/families',
        '/v1/Cornerstone/versions',
        '/v1/Cornerstone/versions/{name}',
        '/v1/Cornerstone/releaseDates',
        '/v1/ProductInformationBulletins',
        '/v1/Cornerstone/dsv',
        '/v1/Cornerstone/DSV/{registrationId}/{key}',
        '/v1/files/{fileId}/{fileName}',
      ]),
    );
  });
});
