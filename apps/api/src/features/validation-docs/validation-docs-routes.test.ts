import { INVALID_DSV_REGISTRATION_ID, type DsvMap } from '@portal/contracts';
import { describe, expect, it } from 'vitest';

import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get, freshClient } = demo;

describe('DSVs', () => {
  it('GET /v1/Cornerstone/dsv maps keys to versions and links, keeping only digits.digits.digits', async () => {
    const response = await get('/v1/Cornerstone/dsv', DEMO.CS);
    expect(response.statusCode).toBe(200);
    const dsvs = response.json<DsvMap>();
    expect(Object.fromEntries(Object.entries(dsvs).map(([key, dsv]) => [key, dsv.version]))).toEqual({
      'CS-DSV-270': '2.7.0',
      'CS-DSV-281': '2.8.1',
      'CS-DSV-2100': '2.10.0',
    });
    expect(dsvs['CS-DSV-281']!.uri).toMatch(/^\/v1\/files\/.*DSV-Cornerstone-2\.8\.1\.pdf\?/);
    expect(dsvs['CS-DSV-281']!.file).toEqual({
      fileName: 'DSV-Cornerstone-2.8.1.pdf',
      contentType: 'application/pdf',
      inline: true,
      sizeBytes: expect.any(Number),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      publishedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(dsvs['CS-DSV-281']!.document).toEqual({
      number: 'DSV-CS-0281',
      title: 'Declaration of Software Validation, Cornerstone 2.8.1',
      revision: 'C',
      effectiveDate: '2024-07-01',
    });
    // The release date the manifest states for Cornerstone 2.8.1, not the import's day.
    expect(dsvs['CS-DSV-281']!.releaseDate).toBe('2024-06-12');
    expect(dsvs['CS-DSV-270']!.document).toEqual({ number: null, title: null, revision: null, effectiveDate: null });
    const file = await get(dsvs['CS-DSV-281']!.uri);
    expect(file.rawPayload).toHaveLength(dsvs['CS-DSV-281']!.file.sizeBytes);
    expect(Object.keys((await get('/v1/Cornerstone/dsv', DEMO.ONH)).json<DsvMap>()).sort()).toEqual([
      'CS-DSV-270',
      'CS-DSV-281',
    ]);
  });

  it('GET /v1/Cornerstone/DSV/{registrationId}/{key} gives a link to the document', async () => {
    const response = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-2100', DEMO.CS);
    expect(response.statusCode).toBe(200);
    const { uri } = response.json<{ uri: string }>();
    const file = await get(uri);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a path registration ID that is not the one in the Authorization header', async () => {
    const client = freshClient();
    for (const authorization of [DEMO.ONH, undefined]) {
      const response = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-281', authorization, {
        remoteAddress: client,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_DSV_REGISTRATION_ID, code: 'registration-id-unknown' });
    }
  });

  it('answers a document the registration is not entitled to exactly like one that does not exist', async () => {
    const unentitled = await get('/v1/Cornerstone/DSV/DEMO-ONH-1002/CS-DSV-2100', DEMO.ONH);
    const missing = await get('/v1/Cornerstone/DSV/DEMO-ONH-1002/NO-SUCH-KEY', DEMO.ONH);
    const filtered = await get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-29-DRAFT', DEMO.CS);
    for (const response of [unentitled, missing, filtered]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found', code: 'not-found' });
    }
  });
});
