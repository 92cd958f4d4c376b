import {
  INVALID_DSV_REGISTRATION_ID,
  INVALID_INSTALLER_REGISTRATION_ID,
  INVALID_KEY_ID,
  INVALID_PIB_REGISTRATION_ID,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';

import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get, freshClient } = demo;

const REGISTRATION = 'registration-id-unknown';

describe('401 uniformity (SPEC §8)', () => {
  const endpoints = [
    // With the code a customer page tells the refusal by, in its own language (docs/api.md, "Error codes").
    { url: '/v1/Cornerstone/families', message: INVALID_INSTALLER_REGISTRATION_ID, scheme: 'Hasp', code: REGISTRATION },
    { url: '/v1/Cornerstone/versions', message: INVALID_INSTALLER_REGISTRATION_ID, scheme: 'Hasp', code: REGISTRATION },
    {
      url: '/v1/ProductInformationBulletins',
      message: INVALID_PIB_REGISTRATION_ID,
      scheme: 'Hasp',
      code: REGISTRATION,
    },
    { url: '/v1/ProductInformationBulletins', message: INVALID_KEY_ID, scheme: 'Rainbow', code: 'key-id-unknown' },
    { url: '/v1/Cornerstone/dsv', message: INVALID_DSV_REGISTRATION_ID, scheme: 'Hasp', code: REGISTRATION },
  ];
  for (const { url, message, scheme, code } of endpoints) {
    it(`${url} answers unknown, malformed and revoked ${scheme} IDs alike: 401 "${message}", ${code}`, async () => {
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
      expect([...bodies]).toEqual([JSON.stringify({ message, code })]);
    });
  }

  it('answers a missing header with the same 401 as a wrong ID', async () => {
    const response = await get('/v1/Cornerstone/dsv', undefined, { remoteAddress: freshClient() });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: INVALID_DSV_REGISTRATION_ID, code: 'registration-id-unknown' });
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
      const braked = await get(url, DEMO.CS, { remoteAddress: guesser });
      expect(braked.statusCode).toBe(429);
      expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0);
      expect(braked.json()).toEqual({
        message: expect.stringContaining('Too many failed attempts'),
        code: 'too-many-failures',
      });
    }
    expect((await get('/v1/Cornerstone/versions', DEMO.CS, { remoteAddress: freshClient() })).statusCode).toBe(200);
  });

  it('counts an IPv6 client by its /64, so changing address within it does not help', async () => {
    for (let attempt = 1; attempt <= 20; attempt++) {
      await get('/v1/Cornerstone/dsv', `Hasp id=GUESS-${attempt}`, { remoteAddress: `2001:db8:a:b::${attempt}` });
    }
    expect((await get('/v1/Cornerstone/dsv', DEMO.CS, { remoteAddress: '2001:db8:a:b:ffff::99' })).statusCode).toBe(
      429,
    );
    expect((await get('/v1/Cornerstone/dsv', DEMO.CS, { remoteAddress: '2001:db8:a:c::1' })).statusCode).toBe(200);
  });

  it('does not count successful lookups', async () => {
    const client = freshClient();
    for (let lookup = 0; lookup < 30; lookup++) {
      expect((await get('/v1/Cornerstone/versions', DEMO.CS, { remoteAddress: client })).statusCode).toBe(200);
    }
    expect((await get('/v1/Cornerstone/versions', 'Hasp id=WRONG', { remoteAddress: client })).statusCode).toBe(401);
  });
});

describe('the brake costs the guesser, not the customers beside it', () => {
  it('still serves a customer whose ID worked from the address before the guessing began', async () => {
    const building = freshClient();
    expect((await get('/v1/Cornerstone/versions', DEMO.ONH, { remoteAddress: building })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 20; attempt++) {
      await get('/v1/Cornerstone/versions', `Hasp id=GUESS-B-${attempt}`, { remoteAddress: building });
    }
    expect(
      (await get('/v1/Cornerstone/versions', 'Hasp id=GUESS-B-NEXT', { remoteAddress: building })).statusCode,
    ).toBe(429);
    expect((await get('/v1/Cornerstone/versions', DEMO.ONH, { remoteAddress: building })).statusCode).toBe(200);
    expect((await get('/v1/Cornerstone/dsv', DEMO.ONH, { remoteAddress: building })).statusCode).toBe(200);
  });

  it('never brakes a staff bearer, and a bad bearer costs the address nothing', async () => {
    const office = freshClient();
    for (let attempt = 0; attempt < 25; attempt++) {
      await get('/v1/ProductInformationBulletins', `Hasp id=GUESS-S-${attempt}`, { remoteAddress: office });
    }
    expect((await get('/v1/ProductInformationBulletins', demo.staff, { remoteAddress: office })).statusCode).toBe(200);

    const other = freshClient();
    for (let attempt = 0; attempt < 25; attempt++) {
      const response = await get('/v1/Cornerstone/versions', 'Bearer a.b.c', { remoteAddress: other });
      expect(response.statusCode).toBe(401);
    }
    expect((await get('/v1/Cornerstone/versions', 'Hasp id=ONE-TYPO', { remoteAddress: other })).statusCode).toBe(401);
  });

  it('counts a client retrying the same wrong ID once', async () => {
    const instrument = freshClient();
    for (let retry = 0; retry < 30; retry++) {
      const response = await get('/v1/Cornerstone/versions', 'Hasp id=STALE-ID-1', { remoteAddress: instrument });
      expect(response.statusCode).toBe(401);
    }
  });

  it('answers a client whose connection has gone (no address any more) without a 500', async () => {
    const response = await demo.portal.app.inject({
      method: 'GET',
      url: '/v1/Cornerstone/versions',
      headers: { authorization: 'Hasp id=GONE-1' },
      remoteAddress: '',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('answers derived from a credential', () => {
  it('may be kept by no cache: families, versions, PIBs, DSVs, the DSV link, release dates, one version', async () => {
    const dsvKey = Object.keys((await get('/v1/Cornerstone/dsv', DEMO.CS)).json())[0]!;
    const answers = [
      await get('/v1/Cornerstone/families', DEMO.CS),
      await get('/v1/Cornerstone/versions', DEMO.CS),
      await get('/v1/Cornerstone/versions', demo.staff),
      await get('/v1/ProductInformationBulletins', DEMO.KEY),
      await get('/v1/Cornerstone/dsv', DEMO.CS),
      await get(`/v1/Cornerstone/DSV/DEMO-CS-1001/${dsvKey}`, DEMO.CS),
      await get('/v1/Cornerstone/releaseDates', demo.staff),
      await get('/v1/Cornerstone/versions/2.10.0', demo.staff),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('private, no-store');
    }
  });
});
