import { INVALID_KEY_ID, INVALID_PIB_REGISTRATION_ID, type Pib } from '@portal/contracts';
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
    expect(response.json<Pib[]>()[0]).toEqual({
      product: 'Cornerstone',
      version: expect.any(String),
      internalVariant: expect.any(String),
      variant: expect.any(String),
      uri: expect.stringMatching(/^\/v1\/files\//),
    });
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
    expect(asKey.json()).toEqual({ message: INVALID_KEY_ID });
    const asRegistration = await get('/v1/ProductInformationBulletins', 'Hasp id=DEMO-KEY-2001', {
      remoteAddress: client,
    });
    expect(asRegistration.json()).toEqual({ message: INVALID_PIB_REGISTRATION_ID });
  });
});
