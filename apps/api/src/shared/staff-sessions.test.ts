import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { issueStaffSession, revokeStaffSession, STAFF_SESSION_DAYS } from './staff-sessions';

describe('staff sessions', () => {
  let portal: TestApp;
  const whoAmI = (authorization?: string) =>
    portal.app.inject({ method: 'GET', url: '/test/whoami', headers: authorization ? { authorization } : {} });

  beforeAll(async () => {
    portal = await createTestApp({
      routes: (app) =>
        app.get('/test/whoami', { config: { staffAccess: 'staff' } }, async (request) => ({
          email: request.staff!.email,
        })),
    });
  });
  afterAll(() => portal.close());

  const issue = (email = 'ana@example.com', now?: Date) =>
    issueStaffSession(portal.database.db, portal.app.secretKey, email, now);

  it('accepts the bearer of an open session', async () => {
    const { bearer } = await issue();
    const response = await whoAmI(`Bearer ${bearer}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'ana@example.com' });
  });

  it('refuses a missing, malformed or tampered bearer with 401 and a message', async () => {
    const { bearer } = await issue();
    const [header, payload, signature] = bearer.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ email: 'mallory@example.com', jti: 'x', exp: 9e9 })).toString(
      'base64url',
    );
    for (const authorization of [
      undefined,
      'Bearer',
      `Basic ${bearer}`,
      `Bearer ${header}.${otherPayload}.${signature}`,
      `Bearer ${header}.${payload}.${signature!.slice(0, -2)}xx`,
    ]) {
      const response = await whoAmI(authorization);
      expect(response.statusCode, String(authorization)).toBe(401);
      expect(response.json()).toEqual({ message: 'Sign in to use this.' });
    }
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const { bearer } = await issue();
    const payload = bearer.split('.')[1];
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await whoAmI(`Bearer ${none}.${payload}.`)).statusCode).toBe(401);
    expect((await whoAmI(`Bearer ${none}.${payload}.x`)).statusCode).toBe(401);
  });

  it('refuses an expired bearer, by the server clock', async () => {
    const longAgo = new Date(Date.now() - (STAFF_SESSION_DAYS + 1) * 86_400_000);
    const { bearer } = await issue('old@example.com', longAgo);
    expect((await whoAmI(`Bearer ${bearer}`)).statusCode).toBe(401);
  });

  it('refuses a revoked session, even with a valid signature', async () => {
    const { bearer, sessionId } = await issue();
    expect((await whoAmI(`Bearer ${bearer}`)).statusCode).toBe(200);
    await revokeStaffSession(portal.database.db, portal.app.secretKey, sessionId);
    expect((await whoAmI(`Bearer ${bearer}`)).statusCode).toBe(401);
  });

  it('stores only a digest of the session ID', async () => {
    const { sessionId } = await issue('digest@example.com');
    const { rows } = await portal.database.pool.query(`SELECT id_digest FROM staff_sessions WHERE email = $1`, [
      'digest@example.com',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].id_digest).not.toContain(sessionId);
    expect(rows[0].id_digest).toMatch(/^[0-9a-f]{64}$/);
  });
});
