import { createHash, randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { AUDIT_ACTIONS, OIDC_AUDIT_ACTOR, PEOPLE_MESSAGES, decodeIdentity } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  signInAtProvider,
  startIdentityProvider,
  TEST_ROLE_MAP,
  testIdentityProviderEnv,
  type TestIdentityProvider,
} from '../../../../../test-kit/identity-provider';
import { freePort } from '../../../../../test-kit/portal-process';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { loggerOptions } from '../../logging';
import { storedRolesOf } from '../../shared/staff-members';
import { verifyStaffBearer } from '../../shared/staff-sessions';
import { oidcSignIns } from './sign-in-schema';

const PUBLIC_URL = 'https://software.example.com';
const CALLBACK = `${PUBLIC_URL}/v1/auth/oidc/callback`;

async function portalWith(idp: TestIdentityProvider, extra: Record<string, string> = {}) {
  return createTestApp({
    withDataDir: true,
    env: { STAFF_EMAIL_DOMAINS: 'example.com', PUBLIC_URL, ...idp.env({ OIDC_ROLE_MAP: TEST_ROLE_MAP, ...extra }) },
  });
}

/** A browser's verifier and its hash, as the sign-in widget makes them. */
function newVerifier() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, verifierHash: createHash('sha256').update(verifier).digest('hex') };
}

/** Each call from an address of its own, so only a test of the per-client limits would meet them. */
const anyAddress = () => `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

function client(portal: TestApp) {
  const start = async (redirect = '/service/publishing', verifierHash?: string) => {
    const query = new URLSearchParams({ redirect, ...(verifierHash ? { verifierHash } : {}) });
    return portal.app.inject({ method: 'GET', url: `/v1/auth/oidc/start?${query}`, remoteAddress: anyAddress() });
  };
  /** The callback as the provider sends the person to it: the portal sees path and query. */
  const callback = (url: URL) =>
    portal.app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, remoteAddress: anyAddress() });
  /** Start, sign in at the provider as `login`, and return the address it sends the person back to. */
  const throughProvider = async (login: string, verifierHash?: string) => {
    const started = await start('/service/publishing', verifierHash);
    expect(started.statusCode).toBe(302);
    return signInAtProvider(started.headers.location as string, login, CALLBACK);
  };
  const exchange = (token: string, verifier?: string) =>
    portal.app.inject({
      method: 'POST',
      url: '/v1/auth/sessions',
      payload: verifier ? { token, verifier } : { token },
      remoteAddress: anyAddress(),
    });
  /** The whole door: button, provider, callback, /auth's exchange. The session bearer. */
  const signIn = async (login: string) => {
    const { verifier, verifierHash } = newVerifier();
    const landed = await callback(await throughProvider(login, verifierHash));
    expect(landed.statusCode).toBe(302);
    const landing = new URL(landed.headers.location as string);
    expect(landing.pathname).toBe('/auth');
    const exchanged = await exchange(landing.searchParams.get('bearer')!, verifier);
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    return { bearer: exchanged.json<{ bearer: string }>().bearer, landing };
  };
  return { start, callback, throughProvider, exchange, signIn };
}

/** Where a refused callback leads: /auth naming the reason, with no token. */
function refusal(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(302);
  const landing = new URL(response.headers.location as string);
  expect(landing.pathname).toBe('/auth');
  expect(landing.searchParams.has('bearer')).toBe(false);
  return landing.searchParams.get('refused');
}

describe('staff sign-in through the company identity provider', () => {
  let idp: TestIdentityProvider;
  let portal: TestApp;
  let api: ReturnType<typeof client>;
  beforeAll(async () => {
    idp = await startIdentityProvider({ publicUrl: PUBLIC_URL });
    portal = await portalWith(idp, { ADMIN_EMAILS: 'sam@example.com' });
    api = client(portal);
  });
  afterAll(async () => {
    await portal?.close();
    await idp?.close();
  });

  it('answers that the provider is available once it is discovered', async () => {
    await expect
      .poll(async () => (await portal.app.inject({ method: 'GET', url: '/v1/auth/oidc/status' })).json(), {
        timeout: 10_000,
        interval: 100,
      })
      .toEqual({ available: true });
  });

  it('sends the person to the provider with PKCE, state and nonce, and keeps no secret of it', async () => {
    const started = await api.start('/service/publishing?x=1');
    expect(started.statusCode).toBe(302);
    expect(started.headers['cache-control']).toBe('no-store');
    const to = new URL(started.headers.location as string);
    expect(to.origin).toBe(idp.issuer);
    expect(to.searchParams.get('client_id')).toBe(idp.clientId);
    expect(to.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(to.searchParams.get('nonce')).toBeTruthy();
    const state = to.searchParams.get('state')!;
    const rows = await portal.database.db.select().from(oidcSignIns);
    expect(rows.map((row) => row.redirectPath)).toContain('/service/publishing?x=1');
    expect(JSON.stringify(rows)).not.toContain(state);
    // Only paths inside the site: anything else comes back to '/'.
    const elsewhere = new URL((await api.start('//evil.example/x')).headers.location as string);
    expect(elsewhere.origin).toBe(idp.issuer);
  });

  it('signs a publisher-group person in with publisher, written by the actor oidc, and lands them where they started', async () => {
    const { bearer, landing } = await api.signIn('pia');
    expect(landing.origin).toBe(PUBLIC_URL);
    expect(landing.searchParams.get('redirect')).toBe('/service/publishing');
    const identity = decodeIdentity(bearer)!;
    expect(identity.email).toBe('pia@example.com');
    expect(await storedRolesOf(portal.database.db, 'pia@example.com')).toEqual(['publisher']);
    const audit = await portal.app.auditLog.list(portal.database.db, { limit: 5, action: AUDIT_ACTIONS.rolesChange });
    expect(audit[0]).toMatchObject({ actorEmail: OIDC_AUDIT_ACTOR, outcome: 'changed' });
    expect(JSON.parse(audit[0]!.detail!)).toEqual({ subject: 'pia@example.com', before: [], after: ['publisher'] });
    const publishing = await portal.app.inject({
      method: 'GET',
      url: '/v1/people/me',
      headers: { authorization: `Bearer ${bearer}` },
    });
    expect(publishing.json()).toMatchObject({ email: 'pia@example.com', roles: ['publisher'] });
  });

  it('gives the roles of the groups at each sign-in: moved to another group, the next sign-in has the new roles', async () => {
    idp.accounts.get('pia')!.groups = ['field-service'];
    try {
      await api.signIn('pia');
      expect(await storedRolesOf(portal.database.db, 'pia@example.com')).toEqual(['service']);
    } finally {
      idp.accounts.get('pia')!.groups = ['portal-publishers'];
    }
  });

  it('keeps admin for ADMIN_EMAILS whatever the groups say', async () => {
    await api.signIn('sam');
    expect(await storedRolesOf(portal.database.db, 'sam@example.com')).toEqual(['admin']);
  });

  it('shows on People whose roles come from the provider, and refuses to edit them there', async () => {
    await api.signIn('pia');
    const { bearer: admin } = await api.signIn('sam');
    const headers = { authorization: `Bearer ${admin}` };
    const people = (await portal.app.inject({ method: 'GET', url: '/v1/people', headers })).json<{
      people: { email: string; rolesFromIdentityProvider: boolean }[];
    }>().people;
    expect(people.find((person) => person.email === 'pia@example.com')?.rolesFromIdentityProvider).toBe(true);
    const edit = await portal.app.inject({
      method: 'PUT',
      url: '/v1/people/pia@example.com/roles',
      headers,
      payload: { roles: ['admin'] },
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toEqual({ message: PEOPLE_MESSAGES.identityProviderRoles });
    expect(await storedRolesOf(portal.database.db, 'pia@example.com')).toEqual(['publisher']);
  });

  it('opens a session of OIDC_SESSION_HOURS behind a bearer that still reads as three months', async () => {
    const now = Date.now();
    const { bearer } = await api.signIn('pia');
    const { exp } = decodeIdentity(bearer)!;
    expect(exp! * 1000 - now).toBeGreaterThan(91 * 86_400_000);
    expect(JSON.parse(Buffer.from(bearer.split('.')[1]!, 'base64url').toString()).idp).toBe(true);
    const { db } = portal.database;
    const key = portal.app.secretKey;
    expect(await verifyStaffBearer(db, key, bearer, new Date(now + 12 * 3_600_000 - 60_000))).toBeDefined();
    expect(await verifyStaffBearer(db, key, bearer, new Date(now + 12 * 3_600_000 + 60_000))).toBeUndefined();
  });

  it('refuses a person whose address is not verified, or of another domain, and makes no session', async () => {
    expect(refusal(await api.callback(await api.throughProvider('una')))).toBe('unverified');
    expect(refusal(await api.callback(await api.throughProvider('otto')))).toBe('not-staff');
    expect(await storedRolesOf(portal.database.db, 'una@example.com')).toEqual([]);
    expect(await storedRolesOf(portal.database.db, 'otto@other.example')).toEqual([]);
  });

  it('refuses a groups claim of the wrong type', async () => {
    for (const groups of ['portal-publishers', { publisher: true }, [1, 2], null]) {
      idp.accounts.get('sam')!.groups = groups;
      expect(refusal(await api.callback(await api.throughProvider('sam')))).toBe('groups');
    }
    idp.accounts.get('sam')!.groups = [];
  });

  it('refuses a reused or a wrong state, and a replayed code', async () => {
    const answer = await api.throughProvider('pia');
    const first = await api.callback(answer);
    expect(new URL(first.headers.location as string).searchParams.has('bearer')).toBe(true);
    expect(refusal(await api.callback(answer))).toBe('expired');

    const forged = new URL(answer);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(refusal(await api.callback(forged))).toBe('expired');
    expect(refusal(await api.callback(new URL(`${CALLBACK}?code=abc`)))).toBe('expired');

    // The spent code under a fresh state of this portal's: the provider refuses it.
    const fresh = new URL((await api.start()).headers.location as string);
    const replay = new URL(answer);
    replay.searchParams.set('state', fresh.searchParams.get('state')!);
    expect(refusal(await api.callback(replay))).toBe('failed');
  });

  it('refuses an ID token for another audience, signed by another key, expired, or without the nonce', async () => {
    const tampers: TestIdentityProvider['tamper'][] = [
      { payload: (claims) => ({ ...claims, aud: 'another-client' }) },
      { foreignKey: true },
      { payload: (claims) => ({ ...claims, iat: claims.iat! - 7200, exp: claims.iat! - 3600 }) },
      { payload: (claims) => ({ ...claims, nonce: 'another' }) },
      { payload: (claims) => ({ ...claims, iss: 'https://evil.example' }) },
    ];
    try {
      // The rewriting itself breaks nothing: the provider's own claims, signed again with its key, pass.
      idp.tamper = { payload: (claims) => claims };
      expect(
        new URL((await api.callback(await api.throughProvider('pia'))).headers.location as string).searchParams.has(
          'bearer',
        ),
      ).toBe(true);
      for (const tamper of tampers) {
        idp.tamper = tamper;
        expect(refusal(await api.callback(await api.throughProvider('pia')))).toBe('failed');
      }
    } finally {
      idp.tamper = undefined;
    }
  });

  it('says the person was not signed in when the provider answers with an error', async () => {
    const state = new URL((await api.start()).headers.location as string).searchParams.get('state')!;
    const denied = new URL(`${CALLBACK}?error=access_denied&state=${state}`);
    expect(refusal(await api.callback(denied))).toBe('denied');
  });

  it('answers bad input with 400 and a message', async () => {
    for (const url of [
      '/v1/auth/oidc/start?verifierHash=nothex',
      `/v1/auth/oidc/start?redirect=${'a'.repeat(3000)}`,
      '/v1/auth/oidc/start?other=1',
      `/v1/auth/oidc/callback?code=${'x'.repeat(5000)}`,
      '/v1/auth/oidc/callback?state=a&state=b',
      `/v1/auth/oidc/start?redirect=${'%2F'.repeat(400_000)}`,
    ]) {
      const response = await portal.app.inject({ method: 'GET', url, remoteAddress: anyAddress() });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toHaveProperty('message');
    }
    // Odd but well-formed values are no sign-in of this portal's: refused in words, never a 5xx.
    for (const state of ['1e9999', 'Infinity', '9'.repeat(400), '\u00e9\u{1F600}', '%00']) {
      const response = await api.callback(new URL(`${CALLBACK}?state=${encodeURIComponent(state)}&code=1e9999`));
      expect(refusal(response)).toBe('expired');
    }
    expect(new URL((await api.start('1e9999')).headers.location as string).origin).toBe(idp.issuer);
  });
});

describe('an identity provider that is down at start-up', () => {
  it('starts the portal, says sign-in is unavailable, keeps the e-mail door, and finds the provider once it is up', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const portal = await createTestApp({
      withDataDir: true,
      env: {
        STAFF_EMAIL_DOMAINS: 'example.com',
        PUBLIC_URL,
        ...testIdentityProviderEnv(issuer),
      },
    });
    let idp: TestIdentityProvider | undefined;
    const status = async () => {
      const answer = await portal.app.inject({
        method: 'GET',
        url: '/v1/auth/oidc/status',
        remoteAddress: anyAddress(),
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      return answer.json<{ available: boolean }>();
    };
    try {
      // What the button's pages ask: unavailable, however often they ask, while the issuer is down.
      expect(await status()).toEqual({ available: false });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await status()).toEqual({ available: false });
      const down = await portal.app.inject({ method: 'GET', url: '/v1/auth/oidc/start?redirect=/service' });
      expect(refusal(down)).toBe('unavailable');
      expect(new URL(down.headers.location as string).searchParams.get('redirect')).toBe('/service');
      const mail = await portal.app.inject({
        method: 'PUT',
        url: '/v1/auth/redirects/requests',
        payload: { email: 'ana@example.com', redirectPath: '/service' },
      });
      expect(mail.statusCode).toBe(200);

      idp = await startIdentityProvider({ publicUrl: PUBLIC_URL, port });
      // Asking again retries discovery without waiting for it: a later answer says it is back.
      await expect.poll(async () => (await status()).available, { timeout: 10_000, interval: 100 }).toBe(true);
      const up = await portal.app.inject({ method: 'GET', url: '/v1/auth/oidc/start?redirect=/service' });
      expect(new URL(up.headers.location as string).origin).toBe(issuer);
    } finally {
      await portal.close();
      await idp?.close();
    }
  });
});

describe('OIDC_ONLY', () => {
  it('takes the e-mail door away: the link request answers 404', async () => {
    const idp = await startIdentityProvider({ publicUrl: PUBLIC_URL });
    const portal = await portalWith(idp, { OIDC_ONLY: 'true' });
    try {
      const response = await portal.app.inject({
        method: 'PUT',
        url: '/v1/auth/redirects/requests',
        payload: { email: 'ana@example.com', redirectPath: '/service' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toHaveProperty('message');
      expect((await client(portal).signIn('pia')).bearer).toBeTruthy();
    } finally {
      await portal.close();
      await idp.close();
    }
  });
});

describe('the log of a sign-in through the identity provider', () => {
  it('names the outcome and never the code, the state, a token or the address', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const idp = await startIdentityProvider({ publicUrl: PUBLIC_URL });
    const portal = await createTestApp({
      withDataDir: true,
      env: { STAFF_EMAIL_DOMAINS: 'example.com', PUBLIC_URL, ...idp.env({ OIDC_ROLE_MAP: TEST_ROLE_MAP }) },
      options: { logger: { ...loggerOptions('debug'), stream } },
    });
    try {
      const api = client(portal);
      const secrets: string[] = [];
      for (const login of ['pia', 'una']) {
        const answer = await api.throughProvider(login);
        const landed = await api.callback(answer);
        secrets.push(answer.searchParams.get('code')!, answer.searchParams.get('state')!);
        const token = new URL(landed.headers.location as string).searchParams.get('bearer');
        if (token) secrets.push(token);
      }
      const log = lines.join('');
      expect(log).toContain('Sign-in with Contoso refused: unverified');
      for (const secret of [...secrets, 'pia@example.com', 'una@example.com', idp.clientSecret])
        expect(log).not.toContain(secret);
    } finally {
      await portal.close();
      await idp.close();
    }
  });
});
