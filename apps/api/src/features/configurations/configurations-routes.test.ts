import { CONFIGURATIONS_PATHS, type Configurations, type Options } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';
import { issueStaffSession, revokeStaffSession } from '../../shared/staff-sessions';

const demo = useDemoPortal();
const { get } = demo;

const SIGN_IN_REQUIRED = { message: 'Sign in to use this.' };

async function revokedBearer() {
  const { db } = demo.portal.database;
  const { bearer, sessionId } = await issueStaffSession(db, demo.portal.app.secretKey, 'gone@example.com');
  await revokeStaffSession(db, demo.portal.app.secretKey, sessionId);
  return `Bearer ${bearer}`;
}

describe.each(Object.entries(CONFIGURATIONS_PATHS))('GET %s', (_name, path) => {
  it('refuses a caller without a bearer, with a revoked one, or with a registration ID', async () => {
    for (const authorization of [undefined, await revokedBearer(), DEMO.CS]) {
      const refused = await get(path, authorization);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual(SIGN_IN_REQUIRED);
    }
  });

  it('refuses anything in the query string with 400', async () => {
    const refused = await get(`${path}?family=CS`, demo.staff);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.any(String) });
  });

  it('answers staff privately, never from a shared cache', async () => {
    const response = await get(path, demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });
});

describe('GET /v1/products/cornerstone/options', () => {
  it('lists every published option code with its description, by code', async () => {
    const options = (await get(CONFIGURATIONS_PATHS.options, demo.staff)).json<Options>();
    expect(options).toHaveLength(22);
    expect(options).toContainEqual({ code: 'P11', description: '21 CFR Part 11 compliance' });
    const codes = options.map((option) => option.code);
    expect(codes).toEqual([...codes].sort());
  });
});

describe('GET /v1/products/cornerstone/configurations', () => {
  it('answers the published configurations with every field of SPEC §3, empty lists as empty strings', async () => {
    const configurations = (await get(CONFIGURATIONS_PATHS.configurations, demo.staff)).json<Configurations>();
    expect(configurations).toHaveLength(10);
    expect(configurations[0]).toEqual({
      product: 'CS744',
      friendlyFamily: 'CS',
      currentVersion: '2.10.0',
      packages: 'PKG-STEEL:r4',
      trueOptions: 'BLANK|1 LIMS|1',
      falseOptions: 'AUTOLOAD|0 SPC|0 P11|0',
      expirableOptions: '',
      trueRanges: 'MAXWEIGHT=0.5g',
      trueAnalytes: 'Carbon=C Sulfur=S',
    });
  });

  it('sorts by family, then version newest first (2.10.0 before 2.8.1), then product', async () => {
    const configurations = (await get(CONFIGURATIONS_PATHS.configurations, demo.staff)).json<Configurations>();
    expect(configurations.map((c) => `${c.friendlyFamily} ${c.currentVersion} ${c.product}`)).toEqual([
      'CS 2.10.0 CS744',
      'CS 2.10.0 CS844',
      'CS 2.8.1 CS744',
      'CS 2.8.1 CS844',
      'ONH 2.9.0 ON736',
      'ONH 2.9.0 ONH836',
      'ONH 2.8.1 ONH836',
      'TGA 2.10.0 TGA701',
      'TGA 2.10.0 TGA801',
      'TGA 2.7.0 TGA701',
    ]);
  });
});
