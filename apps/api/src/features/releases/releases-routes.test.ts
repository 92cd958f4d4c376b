import { INVALID_INSTALLER_REGISTRATION_ID, type Versions } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { issueStaffSession, revokeStaffSession } from '../../shared/staff-sessions';

const demo = useDemoPortal();
const { get, freshClient } = demo;

describe('GET /v1/Cornerstone/families', () => {
  it('maps every family to whether the registration has it, Dev and Demo included', async () => {
    const dev = await get('/v1/Cornerstone/families', DEMO.DEV);
    expect(dev.statusCode).toBe(200);
    expect(dev.json()).toEqual({ CS: false, Demo: false, Dev: true, ONH: false, TGA: true });
    expect((await get('/v1/Cornerstone/families', DEMO.DEMO)).json()).toMatchObject({
      CS: true,
      Demo: true,
      Dev: false,
    });
    expect((await get('/v1/Cornerstone/families', DEMO.CS)).json()).toMatchObject({
      CS: true,
      Demo: false,
      Dev: false,
    });
  });
});

describe('GET /v1/Cornerstone/versions', () => {
  it('lists the versions available to the registration, with installer links and family maps', async () => {
    const response = await get('/v1/Cornerstone/versions', DEMO.CS);
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
      offlineInstallerFile: {
        fileName: 'Cornerstone-2.8.1-Offline.zip',
        contentType: 'application/zip',
        inline: false,
        sizeBytes: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      releaseDate: '2024-06-12',
      releaseNotes: {
        uri: expect.stringMatching(
          /^\/v1\/files\/[0-9a-f-]{36}\/Cornerstone-2\.8\.1-Release-Notes\.txt\?expires=\d+&grant=r\./,
        ),
        file: expect.objectContaining({
          fileName: 'Cornerstone-2.8.1-Release-Notes.txt',
          contentType: 'text/plain; charset=utf-8',
          inline: false,
        }),
      },
      sbom: {
        uri: expect.stringMatching(
          /^\/v1\/files\/[0-9a-f-]{36}\/cornerstone-2\.8\.1\.cdx\.json\?expires=\d+&grant=r\./,
        ),
        format: 'CycloneDX 1.6',
        componentCount: 4,
        file: expect.objectContaining({
          fileName: 'cornerstone-2.8.1.cdx.json',
          contentType: 'application/vnd.cyclonedx+json',
          inline: false,
        }),
      },
      // The demo catalogue's advisory affects 2.8.1 (docs/security-advisories.md).
      affectedBy: [
        {
          advisoryId: expect.stringMatching(/-SA-\d{4}-\d{4}$/),
          title: 'Crafted method files can run code in Cornerstone',
          severity: 'HIGH',
          fixedIn: '2.10.0',
          url: expect.stringMatching(/^\/security\//),
        },
      ],
    });
  });

  it('describes each installer as the file its link delivers: size and SHA-256 match the bytes', async () => {
    const version = (await get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>()['2.10.0']!;
    const file = await get(version.offlineInstaller!);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toHaveLength(version.offlineInstallerFile!.sizeBytes);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(version.offlineInstallerFile!.sha256);
    const notes = await get(version.releaseNotes!.uri);
    expect(notes.statusCode).toBe(200);
    expect(notes.rawPayload.toString()).toContain('Cornerstone 2.10.0 release notes');
    expect(createHash('sha256').update(notes.rawPayload).digest('hex')).toBe(version.releaseNotes!.file.sha256);
  });

  it('answers null release notes for a version that has none published', async () => {
    const versions = (await get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    expect(versions['2.7.0']).toMatchObject({ releaseDate: '2023-11-07', releaseNotes: null });
  });

  it('shows a version without an installer as such', async () => {
    const versions = (await get('/v1/Cornerstone/versions', DEMO.ONH)).json<Versions>();
    expect(Object.keys(versions).sort()).toEqual(['2.6.2', '2.7.0', '2.8.1', '2.9.0']);
    expect(versions['2.9.0']).toMatchObject({
      offlineInstaller: null,
      offlineInstallerBuiltAt: null,
      offlineInstallerFile: null,
      releaseNotes: { file: expect.objectContaining({ fileName: 'Cornerstone-2.9.0-Release-Notes.txt' }) },
    });
  });

  it('takes the registration ID without regard to case or surrounding spaces', async () => {
    expect((await get('/v1/Cornerstone/versions', 'Hasp id= demo-cs-1001 ')).statusCode).toBe(200);
  });

  it('lists every version for signed-in staff, and refuses a bad bearer', async () => {
    const versions = (await get('/v1/Cornerstone/versions', demo.staff)).json<Versions>();
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
    expect(response.json()).toEqual({ message: INVALID_INSTALLER_REGISTRATION_ID, code: 'registration-id-unknown' });
  });
});

describe('staff-only catalogue routes', () => {
  it('GET /v1/Cornerstone/versions/{name} answers one version to staff, 404 for an unknown one', async () => {
    const response = await get('/v1/Cornerstone/versions/2.10.0', demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: '2.10.0', offlineInstaller: expect.stringContaining('/v1/files/') });
    expect((await get('/v1/Cornerstone/versions/9.9.9', demo.staff)).json()).toEqual({ message: 'No such version' });
    expect((await get('/v1/Cornerstone/versions/9.9.9', demo.staff)).statusCode).toBe(404);
    for (const authorization of [undefined, DEMO.CS]) {
      const refused = await get('/v1/Cornerstone/versions/2.10.0', authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Sign in to use this.' });
    }
  });

  it('GET /v1/Cornerstone/releaseDates maps version names to dates, for staff only', async () => {
    const response = await get('/v1/Cornerstone/releaseDates', demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      '2.6.2': '2023-04-18',
      '2.7.0': '2023-11-07',
      '2.8.1': '2024-06-12',
      '2.9.0': '2024-10-01',
      '2.10.0': '2025-05-20',
    });
    expect((await get('/v1/Cornerstone/releaseDates', DEMO.CS)).statusCode).toBe(401);
  });

  it('refuses query input the staff routes do not take, with 400 and a message', async () => {
    for (const url of ['/v1/Cornerstone/releaseDates?family=CS', '/v1/Cornerstone/versions/2.10.0?all=1']) {
      const response = await get(url, demo.staff);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
  });
});

describe('what the Releases & PIBs matrix reads (staff)', () => {
  it('lists a version that has PIBs but no installer, with its PIB and release date', async () => {
    const versions = (await get('/v1/Cornerstone/versions', demo.staff)).json<Versions>();
    expect(versions['2.9.0']).toMatchObject({ offlineInstaller: null, families: { ONH: true } });
    const pibs = (await get('/v1/ProductInformationBulletins', demo.staff)).json<{ version: string }[]>();
    expect(pibs.filter((pib) => pib.version === '2.9.0')).toHaveLength(1);
    expect((await get('/v1/Cornerstone/releaseDates', demo.staff)).json()).toMatchObject({ '2.9.0': '2024-10-01' });
  });

  it('refuses a revoked bearer on every call the matrix makes', async () => {
    const { db } = demo.portal.database;
    const { bearer, sessionId } = await issueStaffSession(db, demo.portal.app.secretKey, 'gone@example.com');
    await revokeStaffSession(db, demo.portal.app.secretKey, sessionId);
    for (const path of [
      '/v1/Cornerstone/versions',
      '/v1/Cornerstone/releaseDates',
      '/v1/ProductInformationBulletins',
    ]) {
      const refused = await get(path, `Bearer ${bearer}`, { remoteAddress: freshClient() });
      expect(refused.statusCode).toBe(401);
    }
  });
});

describe('GET /v1/Cornerstone/latest', () => {
  it('answers anyone the highest released version and its date, never an unreleased one', async () => {
    const response = await get('/v1/Cornerstone/latest', undefined, { remoteAddress: freshClient() });
    expect(response.statusCode).toBe(200);
    // 2.11.0-beta is in the catalogue without a release date.
    expect(response.json()).toEqual({ name: '2.10.0', releaseDate: '2025-05-20' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('refuses a query string', async () => {
    const response = await get('/v1/Cornerstone/latest?x=1', undefined, { remoteAddress: freshClient() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toHaveProperty('message');
  });
});
