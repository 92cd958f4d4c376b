import { createHash, randomBytes } from 'node:crypto';
import { decodeIdentity } from '@portal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lastMailTo, readOutbox } from '../../../../../test-kit/outbox';
import { createTestApp, type TestApp } from '../../../test/test-app';
import type { WebAsset, WebBuild } from '../../web/web-build';
import { EXCHANGES_PER_CLIENT, MESSAGES, REQUESTS_PER_CLIENT } from './sign-in-routes';

const STAFF_DOMAIN = 'company.example';
const PUBLIC_URL = 'https://software.company.example';
let counter = 0;
/** A fresh staff address per test, so the one-mail-a-minute rule never links two tests. */
const newAddress = () => `staff${++counter}-${randomBytes(3).toString('hex')}@${STAFF_DOMAIN}`;

const page = (body: string): WebAsset => ({
  body: Buffer.from(body),
  contentType: 'text/html; charset=utf-8',
  etag: '"x"',
  cacheControl: 'no-cache',
});
/** A stand-in for the built web app: /auth is a browser-only route served by the SPA fallback. */
const webBuild: WebBuild = {
  assets: new Map(),
  spaFallback: page('<p>Please wait a moment while you are signed in...</p>'),
  notFoundPage: page('not found'),
  spaFallbacks: new Map(),
  notFoundPages: new Map(),
  texts: {},
  clientRoutes: [/^\/auth\/?$/i],
};

/** The portal as these tests need it: mail to the outbox of a DATA_DIR of its own, a route that says who is signed in. */
const startPortal = () =>
  createTestApp({
    withDataDir: true,
    env: { STAFF_EMAIL_DOMAINS: STAFF_DOMAIN, PUBLIC_URL },
    webBuild,
    routes: (app) =>
      app.get('/test/whoami', { config: { staffAccess: 'staff' } }, async (request) => ({
        email: request.staff!.email,
      })),
  });
type Portal = TestApp;

/**
 * An API client. `fixedAddress` is the client's IP address; without one every call comes
 * from an address of its own, so only the per-client tests meet the per-client limits.
 */
function client(portal: Portal, fixedAddress?: string) {
  const remoteAddress = () => fixedAddress ?? `10.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const requestLink = (email: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    portal.app.inject({
      method: 'PUT',
      url: '/v1/auth/redirects/requests',
      headers,
      remoteAddress: remoteAddress(),
      payload: { email, redirectPath: '/service/cornerstone/releases', ...extra },
    });
  const exchange = (token: string, verifier?: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions',
      remoteAddress: remoteAddress(),
      payload: verifier === undefined ? { token } : { token, verifier },
    });
  const linkFor = async (email: string, extra: Record<string, unknown> = {}) => {
    const response = await requestLink(email, extra);
    expect(response.statusCode, response.body).toBe(200);
    const { link } = await lastMailTo(portal.dataDir, email);
    return { link: link!, token: link!.searchParams.get('bearer')! };
  };
  const whoAmI = (bearer: string) =>
    portal.app.inject({ method: 'GET', url: '/test/whoami', headers: { authorization: `Bearer ${bearer}` } });
  return { requestLink, exchange, linkFor, whoAmI };
}

describe('staff sign-in by an e-mailed one-time link', () => {
  let portal: Portal;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    portal = await startPortal();
    api = client(portal);
  });
  afterAll(() => portal.close());
  afterEach(() => vi.useRealTimers());

  describe('asking for a link', () => {
    it('mails a link on PUBLIC_URL, whatever Host the request named, in text and HTML', async () => {
      const email = newAddress();
      const response = await api.requestLink(email, {}, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true });

      const mail = await lastMailTo(portal.dataDir, email);
      expect(mail.subject).toBe('Sign in to Instrument Maker Software');
      expect(mail.decoded).toContain('Content-Type: text/plain');
      expect(mail.decoded).toContain('Content-Type: text/html');
      expect(mail.decoded).not.toContain('evil.example');
      expect(mail.link!.origin).toBe(PUBLIC_URL);
      expect(mail.link!.pathname).toBe('/auth');
      expect(mail.link!.searchParams.get('redirect')).toBe('/service/cornerstone/releases');
    });

    it('sends a token the browser can read: whom it signs in, expiring in 15 minutes', async () => {
      const email = newAddress();
      const before = Date.now();
      const { token } = await api.linkFor(email);
      const identity = decodeIdentity(token)!;
      expect(identity.email).toBe(email);
      const minutesLeft = (identity.exp! * 1000 - before) / 60_000;
      expect(minutesLeft).toBeGreaterThan(14.9);
      expect(minutesLeft).toBeLessThanOrEqual(15);
    });

    it('stores only a digest of the link, never the token or its ID', async () => {
      const email = newAddress();
      const { token } = await api.linkFor(email);
      const jti = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).jti as string;
      const { rows } = await portal.database.pool.query(`SELECT * FROM sign_in_links WHERE email = $1`, [email]);
      expect(rows).toHaveLength(1);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(jti);
      expect(stored).not.toContain(token);
    });

    it('makes the first sign-in a staff member with STAFF_DEFAULT_ROLES; a later one keeps the roles, setting the last sign-in', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const email = newAddress();
      const member = async () =>
        (
          await portal.database.pool.query<{ roles: string[]; first: Date; last: Date }>(
            'SELECT roles, first_sign_in_at AS first, last_sign_in_at AS last FROM staff_members WHERE email = $1',
            [email],
          )
        ).rows[0];
      expect(await member()).toBeUndefined();
      expect((await api.exchange((await api.linkFor(email)).token)).statusCode).toBe(200);
      const first = await member();
      expect(first?.roles).toEqual(['service']);
      expect(first?.last).toEqual(first?.first);

      await portal.database.pool.query(`UPDATE staff_members SET roles = '{publisher}' WHERE email = $1`, [email]);
      vi.setSystemTime(Date.now() + 61_000);
      expect((await api.exchange((await api.linkFor(email)).token)).statusCode).toBe(200);
      const second = await member();
      expect(second?.roles).toEqual(['publisher']);
      expect(second?.first).toEqual(first?.first);
      expect(second!.last.getTime()).toBeGreaterThan(first!.last.getTime());
    });

    it('answers an allowed address the same whether or not it has signed in before', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const known = newAddress();
      const { token } = await api.linkFor(known);
      expect((await api.exchange(token)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 61_000);

      const again = await api.requestLink(known);
      const first = await api.requestLink(newAddress());
      expect(again.statusCode).toBe(first.statusCode);
      expect(again.json()).toEqual(first.json());
      expect(again.json()).toEqual({ success: true });
    });

    it('refuses an address outside STAFF_EMAIL_DOMAINS with 400 and a message, sending nothing', async () => {
      const before = (await readOutbox(portal.dataDir)).length;
      for (const email of ['ana@evil.example', 'ana@company.evil.example', 'ana@company.example.evil.example']) {
        const response = await api.requestLink(email);
        expect(response.statusCode, email).toBe(400);
        expect(response.json()).toEqual({ message: MESSAGES.notStaff });
      }
      expect(await readOutbox(portal.dataDir)).toHaveLength(before);
    });

    it.each([
      ['a quoted local part', `"a@evil.example"@${STAFF_DOMAIN}`],
      ['a comma list', `ana@${STAFF_DOMAIN},eve@evil.example`],
      ['a display name', `Eve <eve@evil.example> ana@${STAFF_DOMAIN}`],
      ['a full-width @ hiding a second address', `eve@evil.example＠${STAFF_DOMAIN}`],
      ['a header injection', `ana@${STAFF_DOMAIN}\r\nBcc: eve@evil.example`],
    ])('refuses %s with 400 and a message', async (_name, email) => {
      const response = await api.requestLink(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.notAnAddress });
    });

    it('mails the canonical address: case and surrounding spaces folded', async () => {
      const local = `ana${++counter}`;
      expect((await api.requestLink(`  ${local.toUpperCase()}@Company.Example  `)).statusCode).toBe(200);
      const mail = await lastMailTo(portal.dataDir, `${local}@${STAFF_DOMAIN}`);
      expect(decodeIdentity(mail.link!.searchParams.get('bearer')!)!.email).toBe(`${local}@${STAFF_DOMAIN}`);
    });

    it('refuses a +tag, so one mailbox cannot become several staff identities, and mails nothing', async () => {
      const before = (await readOutbox(portal.dataDir)).length;
      for (const email of [`ana+second@${STAFF_DOMAIN}`, `ana+@${STAFF_DOMAIN}`, `+ana@${STAFF_DOMAIN}`]) {
        const response = await api.requestLink(email);
        expect(response.statusCode, email).toBe(400);
        expect(response.json()).toEqual({ message: MESSAGES.taggedAddress });
      }
      expect(await readOutbox(portal.dataDir)).toHaveLength(before);
    });

    it.each([
      ['full-width letters and ＠', `ａｎａ＠${STAFF_DOMAIN}`],
      ['a ligature (ﬁ)', `ﬁona@${STAFF_DOMAIN}`],
      ['the Kelvin sign, which lower-cases to k', `\u212Aate@${STAFF_DOMAIN}`],
    ])('refuses %s instead of mailing a different string than was typed', async (_name, email) => {
      const before = (await readOutbox(portal.dataDir)).length;
      const response = await api.requestLink(email);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: MESSAGES.notAnAddress });
      expect(await readOutbox(portal.dataDir)).toHaveLength(before);
    });

    it('refuses malformed requests with 400 and a message', async () => {
      for (const payload of [
        {},
        { email: newAddress() },
        { email: newAddress(), redirectPath: '/', extra: 1 },
        { email: newAddress(), redirectPath: '/', verifierHash: 'not-a-hash' },
        { email: 'x'.repeat(400), redirectPath: '/' },
      ]) {
        const response = await portal.app.inject({ method: 'PUT', url: '/v1/auth/redirects/requests', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().message).toEqual(expect.any(String));
      }
    });

    it.each([
      '//evil.example/service',
      '/\\evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
      'javascript:alert(document.domain)',
      'https://evil.example/',
    ])('puts no open redirect into the link: %s becomes /', async (redirectPath) => {
      const email = newAddress();
      const { link } = await api.linkFor(email, { redirectPath });
      expect(link.searchParams.get('redirect')).toBe('/');
    });
  });

  describe('signing in with the link', () => {
    it('trades the token for a session bearer once; the second use is an invalid sign in', async () => {
      const email = newAddress();
      const { token } = await api.linkFor(email);
      const first = await api.exchange(token);
      expect(first.statusCode).toBe(200);
      expect(first.headers['cache-control']).toBe('no-store');
      const { bearer } = first.json();
      expect(decodeIdentity(bearer)!.email).toBe(email);
      expect((await api.whoAmI(bearer)).json()).toEqual({ email });

      const second = await api.exchange(token);
      expect(second.statusCode).toBe(400);
      expect(second.json()).toEqual({ message: 'Invalid sign in' });
    });

    it('gives exactly one session to exchanges racing for one token', async () => {
      const email = newAddress();
      const { token } = await api.linkFor(email);
      const answers = await Promise.all(Array.from({ length: 6 }, () => api.exchange(token)));
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
      const { rows } = await portal.database.pool.query(
        `SELECT count(*)::int AS n FROM staff_sessions WHERE email = $1`,
        [email],
      );
      expect(rows[0].n).toBe(1);
    });

    it('works until the 15th minute and not at it, by the server clock', async () => {
      const issuedAt = Math.floor(Date.now() / 1000) * 1000 + 1000;
      vi.useFakeTimers({ toFake: ['Date'], now: issuedAt });
      const early = await api.linkFor(newAddress());
      const late = await api.linkFor(newAddress());

      vi.setSystemTime(issuedAt + 15 * 60_000 - 1);
      expect((await api.exchange(early.token)).statusCode).toBe(200);
      vi.setSystemTime(issuedAt + 15 * 60_000);
      const expired = await api.exchange(late.token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: 'Invalid sign in' });
    });

    it('lets only the newest link for an address work', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const email = newAddress();
      const older = await api.linkFor(email);
      vi.setSystemTime(Date.now() + 61_000);
      const newer = await api.linkFor(email);
      expect((await api.exchange(older.token)).json()).toEqual({ message: 'Invalid sign in' });
      expect((await api.exchange(newer.token)).statusCode).toBe(200);
    });

    it('is not spent by opening the link (GET, HEAD), which serves the page with no referrer', async () => {
      const { link, token } = await api.linkFor(newAddress());
      const url = `${link.pathname}${link.search}`;
      const get = await portal.app.inject({ method: 'GET', url });
      expect(get.statusCode).toBe(200);
      expect(get.body).toContain('Please wait a moment while you are signed in...');
      expect(get.headers['referrer-policy']).toBe('no-referrer');
      const head = await portal.app.inject({ method: 'HEAD', url });
      expect(head.statusCode).toBe(200);
      expect(head.headers['referrer-policy']).toBe('no-referrer');

      expect((await api.exchange(token)).statusCode).toBe(200);
    });

    it('signs in the requesting browser with its verifier; a wrong verifier spends nothing', async () => {
      const verifier = randomBytes(32).toString('base64url');
      const verifierHash = createHash('sha256').update(verifier).digest('hex');
      const mine = await api.linkFor(newAddress(), { verifierHash });
      expect((await api.exchange(mine.token, verifier)).statusCode).toBe(200);

      const other = await api.linkFor(newAddress(), { verifierHash });
      const wrong = await api.exchange(other.token, 'another browser’s verifier');
      expect(wrong.statusCode).toBe(409);
      expect(wrong.json()).toEqual({ message: MESSAGES.otherBrowser });
      // Confirmed by a click instead, without a verifier, it still signs in once.
      expect((await api.exchange(other.token)).statusCode).toBe(200);
      expect((await api.exchange(other.token)).statusCode).toBe(400);
    });

    it('refuses tampered, unsigned and foreign tokens as an invalid sign in', async () => {
      const email = newAddress();
      const { token } = await api.linkFor(email);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, email: `boss@${STAFF_DOMAIN}` })).toString('base64url');
      const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const { bearer: sessionBearer } = (await api.exchange((await api.linkFor(newAddress())).token)).json();
      for (const bad of [
        `${header}.${forged}.${signature}`,
        `${header}.${payload}.${signature.slice(0, -3)}abc`,
        `${none}.${payload}.`,
        'not-a-token',
        sessionBearer,
      ]) {
        const response = await api.exchange(bad);
        expect(response.statusCode, bad).toBe(400);
        expect(response.json()).toEqual({ message: 'Invalid sign in' });
      }
      expect((await api.exchange(token)).statusCode).toBe(200);
    });

    it('does not accept the link token as a session bearer', async () => {
      const { token } = await api.linkFor(newAddress());
      expect((await api.whoAmI(token)).statusCode).toBe(401);
    });
  });

  describe('signing out', () => {
    it('revokes the session on the server: the same bearer is refused afterwards', async () => {
      const { token } = await api.linkFor(newAddress());
      const { bearer } = (await api.exchange(token)).json();
      const signOut = () =>
        portal.app.inject({
          method: 'DELETE',
          url: '/v1/auth/session',
          headers: { authorization: `Bearer ${bearer}` },
        });
      expect((await signOut()).statusCode).toBe(204);
      expect((await api.whoAmI(bearer)).statusCode).toBe(401);
      const again = await signOut();
      expect(again.statusCode).toBe(401);
      expect(again.json()).toEqual({ message: 'Sign in to use this.' });
    });
  });

  describe('rate limits', () => {
    it('mails an address at most once a minute, with 429 and Retry-After', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const email = newAddress();
      expect((await api.requestLink(email)).statusCode).toBe(200);
      vi.setSystemTime(Date.now() + 20_000);
      const tooSoon = await api.requestLink(email.toUpperCase());
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json()).toEqual({ message: MESSAGES.tooSoon });
      expect(Number(tooSoon.headers['retry-after'])).toBe(40);
      expect((await readOutbox(portal.dataDir)).filter((mail) => mail.to === email)).toHaveLength(1);
      vi.setSystemTime(Date.now() + 41_000);
      expect((await api.requestLink(email)).statusCode).toBe(200);
    });
  });
});

describe('per-client limits', () => {
  let portal: Portal;
  beforeAll(async () => {
    portal = await startPortal();
  });
  afterAll(() => portal.close());

  it('limits link requests from one client, across addresses, with 429 and Retry-After', async () => {
    const api = client(portal, '192.0.2.10');
    for (let i = 0; i < REQUESTS_PER_CLIENT.max; i += 1) {
      expect((await api.requestLink(`nobody${i}@evil.example`)).statusCode).toBe(400);
    }
    const limited = await api.requestLink(newAddress());
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another client is not affected.
    expect((await client(portal, '192.0.2.99').requestLink(newAddress())).statusCode).toBe(200);
  });

  it('limits token exchanges from one client, with 429 and Retry-After', async () => {
    const api = client(portal, '192.0.2.11');
    for (let i = 0; i < EXCHANGES_PER_CLIENT.max; i += 1) {
      expect((await api.exchange(`guess.${i}.x`)).statusCode).toBe(400);
    }
    const limited = await api.exchange('guess.last.x');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: MESSAGES.tooMany });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
