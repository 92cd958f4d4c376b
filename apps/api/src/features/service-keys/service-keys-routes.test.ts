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
