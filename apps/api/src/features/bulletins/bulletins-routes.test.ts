import { INVALID_KEY_ID, INVALID_PIB_REGISTRATION_ID, type Pib, type Versions } from '@portal/contracts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';

import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get, freshClient } = demo;

describe('GET /v1/ProductInformationBulletins', () => {
  const summary = (pibs: Pib[]) => pibs.map((pib) => `${pib.product} ${pib.version} ${pib.variant}`).sort();

  it('gives a registration the Cornerstone PIBs of its versions', async () => {
    const response = await get('/v1/ProductInformationBulletins', DEMO.CS);
    expect(response.statusCode).toBe(200);
    expect(summary(response.json())).toEqual([
      'Cornerstone 2.10.0 21 CFR Part 11',
      'Cornerstone 2.10.0 Standard',
      'Cornerstone 2.7.0 Standard',
      'Cornerstone 2.8.1 Standard',
    ]);
    const { releaseNotes, ...first } = response.json<Pib[]>()[0]!;
    expect(releaseNotes === null || typeof releaseNotes.uri === 'string').toBe(true);
    expect(first).toEqual({
      product: 'Cornerstone',
      version: expect.any(String),
      internalVariant: expect.any(String),
      variant: expect.any(String),
      uri: expect.stringMatching(/^\/v1\/files\//),
      file: {
        fileName: expect.stringMatching(/^Cornerstone-.*-PIB\.pdf$/),
        contentType: 'application/pdf',
        inline: true,
        sizeBytes: expect.any(Number),
        sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      document: {
        number: expect.toBeOneOf([expect.any(String), null]),
        title: expect.toBeOneOf([expect.any(String), null]),
        revision: expect.toBeOneOf([expect.any(String), null]),
        effectiveDate: expect.toBeOneOf([expect.stringMatching(/^\d{4}-\d\d-\d\d$/), null]),
      },
      releaseDate: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      affectedBy: expect.any(Array),
    });
  });

  it("marks the PIB of a version a published advisory affects, from the advisories' marks, and no other", async () => {
    const pibs = (await get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    // The demo catalogue's advisory affects Cornerstone 2.8.1, fixed in 2.10.0 (docs/security-advisories.md).
    const marked = pibs.filter((pib) => pib.affectedBy.length > 0);
    expect(marked.map((pib) => `${pib.product} ${pib.version} ${pib.variant}`)).toEqual(['Cornerstone 2.8.1 Standard']);
    expect(marked[0]!.affectedBy).toEqual([
      {
        advisoryId: expect.stringMatching(/-SA-\d{4}-\d{4}$/),
        title: 'Crafted method files can run code in Cornerstone',
        severity: 'HIGH',
        fixedIn: '2.10.0',
        url: expect.stringMatching(/^\/security\//),
      },
    ]);
    // The same mark the installer lookup gives that version.
    const versions = (await get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    expect(marked[0]!.affectedBy).toEqual(versions['2.8.1']!.affectedBy);
    // A key ID's ChromaTOF PIBs: no advisory of the demo names a ChromaTOF release.
    const keyPibs = (await get('/v1/ProductInformationBulletins', DEMO.KEY)).json<Pib[]>();
    expect(keyPibs.length).toBeGreaterThan(0);
    expect(keyPibs.map((pib) => pib.affectedBy)).toEqual(keyPibs.map(() => []));
  });

  it("answers each PIB's document number, title, revision and effective date where the manifest gives them, and the maker's release date", async () => {
    const pibs = (await get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    const pibOf = (version: string, variant: string) =>
      pibs.find((pib) => pib.version === version && pib.variant === variant)!;
    expect(pibOf('2.10.0', '21 CFR Part 11').document).toEqual({
      number: 'PIB-CS-0210-P11',
      title: 'Cornerstone 2.10.0 21 CFR Part 11 Product Information Bulletin',
      revision: 'A.1',
      effectiveDate: '2025-06-02',
    });
    // The manifest's release date of the version, not the day the file was imported.
    expect(pibOf('2.10.0', '21 CFR Part 11').releaseDate).toBe('2025-05-20');
    expect(pibOf('2.7.0', 'Standard').document).toEqual({
      number: null,
      title: null,
      revision: null,
      effectiveDate: null,
    });
    expect(pibOf('2.7.0', 'Standard').releaseDate).toBe('2023-11-07');
    const chromatof = (await get('/v1/ProductInformationBulletins', DEMO.KEY)).json<Pib[]>();
    const chromatof610 = chromatof.find((pib) => pib.version === '6.1.0')!;
    expect(chromatof610.document.number).toBe('PIB-CT-0610');
    expect(chromatof610.releaseDate).toBe('2025-04-08');
  });

  it('links the release notes of the same product and version where published, null elsewhere', async () => {
    const pibs = (await get('/v1/ProductInformationBulletins', DEMO.CS)).json<Pib[]>();
    const notesOf = (version: string, variant: string) =>
      pibs.find((pib) => pib.version === version && pib.variant === variant)!.releaseNotes;
    expect(notesOf('2.10.0', '21 CFR Part 11')).toEqual({
      uri: expect.stringMatching(/^\/v1\/files\/[0-9a-f-]{36}\/Cornerstone-2\.10\.0-Release-Notes\.txt\?/),
      file: expect.objectContaining({
        fileName: 'Cornerstone-2.10.0-Release-Notes.txt',
        sizeBytes: expect.any(Number),
      }),
    });
    expect(notesOf('2.10.0', 'Standard')!.file).toEqual(notesOf('2.10.0', '21 CFR Part 11')!.file);
    expect(notesOf('2.7.0', 'Standard')).toBeNull();
    const chromatof = (await get('/v1/ProductInformationBulletins', DEMO.KEY)).json<Pib[]>();
    expect(chromatof.find((pib) => pib.version === '6.1.0')!.releaseNotes!.file.fileName).toBe(
      'ChromaTOF-6.1.0-Release-Notes.txt',
    );
    expect(chromatof.find((pib) => pib.version === '6.0.2')!.releaseNotes).toBeNull();
  });

  it('describes each PIB as the file its link delivers', async () => {
    const [pib] = (await get('/v1/ProductInformationBulletins', DEMO.ONH)).json<Pib[]>();
    const file = await get(pib!.uri);
    expect(file.rawPayload).toHaveLength(pib!.file.sizeBytes);
    expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(pib!.file.sha256);
  });

  it('gives a ChromaTOF key ID its product PIBs, and staff every PIB', async () => {
    expect(summary((await get('/v1/ProductInformationBulletins', DEMO.KEY)).json())).toEqual([
      'ChromaTOF 6.0.2 Standard',
      'ChromaTOF 6.1.0 Standard',
    ]);
    expect((await get('/v1/ProductInformationBulletins', demo.staff)).json()).toHaveLength(8);
  });

  it('does not take a registration ID as a key ID, nor the reverse', async () => {
    const client = freshClient();
    const asKey = await get('/v1/ProductInformationBulletins', 'Rainbow id=DEMO-CS-1001', { remoteAddress: client });
    expect(asKey.statusCode).toBe(401);
    expect(asKey.json()).toEqual({ message: INVALID_KEY_ID, code: 'key-id-unknown' });
    const asRegistration = await get('/v1/ProductInformationBulletins', 'Hasp id=DEMO-KEY-2001', {
      remoteAddress: client,
    });
    expect(asRegistration.json()).toEqual({ message: INVALID_PIB_REGISTRATION_ID, code: 'registration-id-unknown' });
  });
});
