import type { AuditPage } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();
const { get } = demo;

describe('GET /v1/Cornerstone/ServiceKey/Challenge/{challengeKey}', () => {
  it('answers the response code of a challenge key, privately', async () => {
    const response = await get('/v1/Cornerstone/ServiceKey/Challenge/12345678', demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ responseCode: expect.stringMatching(/^\d{8}$/) });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect((await get('/v1/Cornerstone/ServiceKey/Challenge/12345678', demo.staff)).json()).toEqual(response.json());
    expect((await get('/v1/Cornerstone/ServiceKey/Challenge/12345679', demo.staff)).json()).not.toEqual(
      response.json(),
    );
  });

  it("answers 404 'Invalid Challenge Key' to a malformed challenge", async () => {
    for (const challenge of ['123456789', 'abcdefgh', '1234%205678', '%E2%80%8B1234', 'x'.repeat(100)]) {
      const response = await get(`/v1/Cornerstone/ServiceKey/Challenge/${challenge}`, demo.staff);
      expect(response.statusCode, challenge).toBe(404);
      expect(response.json()).toEqual({ message: 'Invalid Challenge Key' });
    }
  });

  it('answers only signed-in staff', async () => {
    for (const authorization of [undefined, 'Bearer a.b.c', 'Hasp id=DEMO-CS-1001']) {
      const response = await get('/v1/Cornerstone/ServiceKey/Challenge/12345678', authorization, {
        remoteAddress: demo.freshClient(),
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Sign in to use this.' });
    }
  });
});

describe('GET /v1/Cornerstone/ServiceKey', () => {
  it('answers an expiring key valid 24 hours from now', async () => {
    const before = Date.now();
    const response = await get('/v1/Cornerstone/ServiceKey', demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const { responseCode, expiresAt } = response.json<{ responseCode: string; expiresAt: string }>();
    expect(responseCode).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}-[0-9A-HJKMNP-TV-Z*~$=U]$/);
    const lifetime = Date.parse(expiresAt) - before;
    expect(lifetime).toBeGreaterThanOrEqual(24 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  });

  it('answers only signed-in staff', async () => {
    const response = await get('/v1/Cornerstone/ServiceKey', undefined, { remoteAddress: demo.freshClient() });
    expect(response.statusCode).toBe(401);
  });
});

describe('the audit log of service keys', () => {
  it('records every key issued, by whom and from where, never the challenge or the key in clear', async () => {
    const challenge = await get('/v1/Cornerstone/ServiceKey/Challenge/24681357', demo.staff, {
      remoteAddress: '203.0.113.77',
    });
    const expiring = await get('/v1/Cornerstone/ServiceKey', demo.staff, { remoteAddress: '2001:db8:1:2:3:4:5:6' });
    const [latest, previous] = (await get('/v1/audit?limit=2', demo.staff)).json<AuditPage>().entries;
    expect(previous).toMatchObject({
      actorEmail: 'staff@example.com',
      action: 'service-key.challenge-response',
      outcome: 'issued',
      clientAddress: '203.0.113.0',
      requestId: expect.any(String),
      subjectDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(latest).toMatchObject({
      action: 'service-key.expiring-key',
      clientAddress: '2001:db8:1::',
      subjectDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const logged = JSON.stringify([latest, previous]);
    for (const secret of ['24681357', challenge.json().responseCode, expiring.json().responseCode])
      expect(logged).not.toContain(secret);
  });

  it('records nothing for a malformed challenge', async () => {
    const before = (await get('/v1/audit?limit=1', demo.staff)).json<AuditPage>().entries[0]?.id;
    await get('/v1/Cornerstone/ServiceKey/Challenge/not-a-challenge', demo.staff);
    expect((await get('/v1/audit?limit=1', demo.staff)).json<AuditPage>().entries[0]?.id).toBe(before);
  });
});
