import {
  API_TOKEN_LENGTH,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  API_TOKEN_PREFIX,
  AUDIT_ACTIONS,
  PEOPLE_PATHS,
  PUBLISHING_PATHS,
  type ApiTokenList,
  type AuditPage,
  type CreatedApiToken,
  type Draft,
  type DraftList,
  type DraftPreview,
  type DraftPublished,
  type PublishedFilePage,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL, useDemoPortal } from '../../../test/demo-portal';
import { onePibManifest } from '../../../../../test-kit/manifests';
import { EVERY_PUBLISHED_FILE } from '../../../../../test-kit/published-files';
import { CREDENTIAL_FAILURES_ALLOWED } from '../../plugins/customer-auth/credential-brake';
import { apiTokens, createApiToken, isWellFormedApiToken } from '../../shared/api-tokens';
import { staffMembers } from '../../shared/staff-members';
import { eq } from 'drizzle-orm';

const demo = useDemoPortal();
const DAY_MS = 86_400_000;

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  authorization: string | undefined,
  payload?: string | object,
  remoteAddress = demo.freshClient(),
) =>
  demo.portal.app.inject({
    method,
    url,
    remoteAddress,
    headers: {
      ...(authorization ? { authorization } : {}),
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
const bearer = (token: string) => `Bearer ${token}`;
const tokenUrl = (id: string) => API_TOKEN_PATHS.token.replace(':tokenId', id);

async function createToken(session: string, body: object = { name: 'release pipeline' }) {
  const created = await send('POST', API_TOKEN_PATHS.tokens, session, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<CreatedApiToken>();
}
const listed = async (session: string) =>
  (await send('GET', API_TOKEN_PATHS.tokens, session)).json<ApiTokenList>().tokens;
const auditOf = async (action: string) =>
  (await demo.get(`/v1/audit?limit=200&action=${action}`, demo.staff)).json<AuditPage>().entries;

describe('API tokens: created, listed and revoked by their publisher', () => {
  it('creates a token shown once, in a scanner-recognisable form, kept only as a digest, expiring in 90 days by default', async () => {
    const publisher = await demo.signIn('tokens-creator@example.com', ['publisher']);
    const before = Date.now();
    const created = await createToken(publisher, { name: '  nightly build  ' });
    expect(created.token).toHaveLength(API_TOKEN_LENGTH);
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(isWellFormedApiToken(created.token)).toBe(true);
    expect(created).toMatchObject({
      name: 'nightly build',
      scope: 'publish',
      createdBy: 'tokens-creator@example.com',
      lastUsedAt: null,
      lastUsedAddress: null,
    });
    const days = (Date.parse(created.expiresAt) - before) / DAY_MS;
    expect(days).toBeGreaterThan(89.99);
    expect(days).toBeLessThan(90.01);

    // Listed without the token; the database holds a digest and never the token.
    const [entry] = await listed(publisher);
    expect(entry).toEqual({ ...created, token: undefined });
    expect(JSON.stringify(await listed(publisher))).not.toContain(created.token);
    const rows = await demo.portal.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));

    // Each creation makes a new token.
    const second = await createToken(publisher, { name: 'second', expiresInDays: 365 });
    expect(second.token).not.toBe(created.token);
    expect((Date.parse(second.expiresAt) - Date.parse(second.createdAt)) / DAY_MS).toBe(365);
  });

  it('refuses a bad expiry or name with 400 and a message, creating nothing', async () => {
    const publisher = await demo.signIn('tokens-bad-input@example.com', ['publisher']);
    const bodies: Array<string | object> = [
      { name: 'x', expiresInDays: 0 },
      { name: 'x', expiresInDays: -1 },
      { name: 'x', expiresInDays: 366 },
      { name: 'x', expiresInDays: 1.5 },
      '{"name":"x","expiresInDays":1e9999}',
      `{"name":"x","expiresInDays":${'9'.repeat(400)}}`,
      { name: '' },
      { name: '   ' },
      { name: 'x'.repeat(101) },
      { name: 'x'.repeat(1_000_000) },
      {},
      { name: 'x', scope: 'admin' },
    ];
    for (const body of bodies) {
      const response = await send('POST', API_TOKEN_PATHS.tokens, publisher, body);
      const label = typeof body === 'string' ? body.slice(0, 60) : JSON.stringify(body).slice(0, 60);
      expect(response.statusCode, label).toBe(400);
      // The message names what to fix: the expiry, the name, or the field that is not taken.
      expect(response.json<{ message: string }>().message, label).toMatch(
        /expiresInDays must|name of 1 to 100|name must NOT have more than 100|property 'name'|additional properties/,
      );
    }
    expect(await listed(publisher)).toEqual([]);
  });

  it('lets a publisher see and revoke only their own; an administrator sees and revokes everyone’s; each act is audited with the name', async () => {
    const alice = await demo.signIn('tokens-alice@example.com', ['publisher']);
    const bob = await demo.signIn('tokens-bob@example.com', ['publisher']);
    const alices = await createToken(alice, { name: 'alice ci' });
    const bobs = await createToken(bob, { name: 'bob ci' });

    expect((await listed(alice)).map((token) => token.name)).toEqual(['alice ci']);
    const everyone = (await listed(demo.staff)).map((token) => token.name);
    expect(everyone).toEqual(expect.arrayContaining(['alice ci', 'bob ci']));

    const refused = await send('DELETE', tokenUrl(bobs.id), alice);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ message: API_TOKEN_MESSAGES.noSuchToken });
    expect((await send('GET', PUBLISHING_PATHS.drafts, bearer(bobs.token))).statusCode).toBe(200);

    expect((await send('DELETE', tokenUrl(bobs.id), demo.staff)).statusCode).toBe(204);
    expect((await send('DELETE', tokenUrl(alices.id), alice)).statusCode).toBe(204);
    expect((await send('DELETE', tokenUrl(alices.id), alice)).statusCode).toBe(404);
    expect(await listed(alice)).toEqual([]);
    expect((await send('DELETE', tokenUrl('not-a-uuid'), alice)).statusCode).toBe(400);

    const created = await auditOf(AUDIT_ACTIONS.apiTokenCreate);
    expect(created).toContainEqual(
      expect.objectContaining({
        actorEmail: 'tokens-alice@example.com',
        detail: expect.objectContaining({ name: 'alice ci', token: alices.id }),
      }),
    );
    const revoked = await auditOf(AUDIT_ACTIONS.apiTokenRevoke);
    expect(revoked).toContainEqual(
      expect.objectContaining({
        actorEmail: DEMO_STAFF_EMAIL,
        detail: expect.objectContaining({ name: 'bob ci', createdBy: 'tokens-bob@example.com' }),
      }),
    );
    expect(JSON.stringify([...created, ...revoked])).not.toContain(alices.token);
  });

  it('is refused by every staff role but publisher and administrator', async () => {
    const service = await demo.signIn('tokens-service@example.com', ['service']);
    const response = await send('POST', API_TOKEN_PATHS.tokens, service, { name: 'x' });
    expect(response.statusCode).toBe(403);
  });
});

describe('API tokens at use', () => {
  it('publishes through the drafts routes, records the last use and address, and names the token in the audit log and history', async () => {
    const publisher = await demo.signIn('tokens-publisher@example.com', ['publisher']);
    const { token, id } = await createToken(publisher, { name: 'release pipeline' });
    const auth = bearer(token);
    const { files } = (await demo.get(EVERY_PUBLISHED_FILE, publisher)).json<PublishedFilePage>();
    const file = files.find((entry) => entry.uses.some((use) => use.section === 'pibs') && entry.withdrawn === null)!;

    const created = await send(
      'POST',
      PUBLISHING_PATHS.drafts,
      auth,
      onePibManifest({ internalVariant: 'by-token', variant: 'By token', path: file.sha256 }),
      '203.0.113.77',
    );
    expect(created.statusCode, created.body).toBe(201);
    const draft = created.json<Draft>();
    expect(draft.draft).toMatchObject({ createdBy: 'tokens-publisher@example.com' });
    const draftUrl = (path: string) => path.replace(':draftId', draft.draft.id);
    const previewed = await send('POST', draftUrl(PUBLISHING_PATHS.preview), auth, {});
    expect(previewed.statusCode).toBe(200);
    const published = await send('POST', draftUrl(PUBLISHING_PATHS.publication), auth, {
      catalogueVersion: previewed.json<DraftPreview>().catalogueVersion,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json<DraftPublished>().change).toMatchObject({
      actor: 'tokens-publisher@example.com',
      door: 'api-token',
    });

    const [entry] = (await listed(publisher)).filter((listedToken) => listedToken.id === id);
    expect(entry!.lastUsedAt).not.toBeNull();
    expect(entry!.lastUsedAddress).toMatch(/^198\.51\.100\.0$|^203\.0\.113\.0$/);
    const publishes = await auditOf(AUDIT_ACTIONS.cataloguePublish);
    expect(publishes[0]).toMatchObject({
      actorEmail: 'tokens-publisher@example.com',
      detail: expect.objectContaining({ apiToken: 'release pipeline', door: 'api-token' }),
    });
    expect((await send('GET', PUBLISHING_PATHS.drafts, auth)).json<DraftList>().drafts).toBeDefined();
  });

  it('is refused with 403 naming its scope on staff routes that are not publishing, and never manages tokens', async () => {
    const publisher = await demo.signIn('tokens-scope@example.com', ['publisher', 'service', 'admin']);
    const { token } = await createToken(publisher);
    const auth = bearer(token);
    for (const [method, url] of [
      ['GET', PEOPLE_PATHS.people],
      ['GET', PEOPLE_PATHS.me],
      ['GET', '/v1/Cornerstone/ServiceKey?challengeKey=11&registrationId=DEMO-CS-1001'],
      ['GET', API_TOKEN_PATHS.tokens],
      ['GET', PUBLISHING_PATHS.changes],
    ] as const) {
      const response = await send(method, url, auth);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual({ message: API_TOKEN_MESSAGES.scope });
    }
    const creating = await send('POST', API_TOKEN_PATHS.tokens, auth, { name: 'child' });
    expect(creating.json()).toEqual({ message: API_TOKEN_MESSAGES.scope });
  });

  it('refuses a missing, malformed, unknown, expired or revoked token alike with 401', async () => {
    const publisher = await demo.signIn('tokens-refused@example.com', ['publisher']);
    const live = await createToken(publisher);
    const expired = await createApiToken(
      demo.portal.database.db,
      demo.portal.app.secretKey,
      { name: 'old', createdBy: 'tokens-refused@example.com', expiresInDays: 1 },
      new Date(Date.now() - 2 * DAY_MS),
    );
    const revoked = await createToken(publisher, { name: 'revoked' });
    expect((await send('DELETE', tokenUrl(revoked.id), publisher)).statusCode).toBe(204);
    const lastChar = live.token.at(-1) === 'a' ? 'b' : 'a';
    const wrongChecksum = `${live.token.slice(0, -1)}${lastChar}`;
    const unknown = `${API_TOKEN_PREFIX}${'A'.repeat(30)}${live.token.slice(-6)}`;

    for (const presented of [expired.token, revoked.token, wrongChecksum, unknown, 'lpp_', `${live.token}x`]) {
      const response = await send('GET', PUBLISHING_PATHS.drafts, bearer(presented));
      expect(response.statusCode, presented).toBe(401);
      expect(response.json(), presented).toEqual({ message: API_TOKEN_MESSAGES.refused });
    }
    expect((await send('GET', PUBLISHING_PATHS.drafts, undefined)).statusCode).toBe(401);
    expect((await send('GET', PUBLISHING_PATHS.drafts, bearer(live.token))).statusCode).toBe(200);
  });

  it('dies when its creator loses publisher or is removed, checked at each use', async () => {
    const publisher = await demo.signIn('tokens-demoted@example.com', ['publisher']);
    const { token } = await createToken(publisher);
    const auth = bearer(token);
    expect((await send('GET', PUBLISHING_PATHS.drafts, auth)).statusCode).toBe(200);

    const roles = await send('PUT', PEOPLE_PATHS.roles.replace(':email', 'tokens-demoted@example.com'), demo.staff, {
      roles: ['service'],
    });
    expect(roles.statusCode, roles.body).toBe(200);
    const demoted = await send('GET', PUBLISHING_PATHS.drafts, auth);
    expect(demoted.statusCode).toBe(401);
    expect(demoted.json()).toEqual({ message: API_TOKEN_MESSAGES.refused });

    await send('PUT', PEOPLE_PATHS.roles.replace(':email', 'tokens-demoted@example.com'), demo.staff, {
      roles: ['publisher'],
    });
    expect((await send('GET', PUBLISHING_PATHS.drafts, auth)).statusCode).toBe(200);
    const removed = await send(
      'DELETE',
      PEOPLE_PATHS.person.replace(':email', 'tokens-demoted@example.com'),
      demo.staff,
    );
    expect(removed.statusCode, removed.body).toBe(204);
    expect((await send('GET', PUBLISHING_PATHS.drafts, auth)).statusCode).toBe(401);
    const stored = await demo.portal.database.db
      .select()
      .from(staffMembers)
      .where(eq(staffMembers.email, 'tokens-demoted@example.com'));
    expect(stored.map((person) => person.roles)).not.toContainEqual(['publisher']);
  });

  it('brakes wrong tokens from one address like wrong customer IDs, and no other address', async () => {
    const publisher = await demo.signIn('tokens-brake@example.com', ['publisher']);
    const { token } = await createToken(publisher);
    const guesser = '192.0.2.200';
    const wrong = (i: number) => `${API_TOKEN_PREFIX}${String(i).padStart(36, '0')}`;
    for (let i = 0; i < CREDENTIAL_FAILURES_ALLOWED; i++) {
      expect((await send('GET', PUBLISHING_PATHS.drafts, bearer(wrong(i)), undefined, guesser)).statusCode).toBe(401);
    }
    const braked = await send('GET', PUBLISHING_PATHS.drafts, bearer(wrong(999)), undefined, guesser);
    expect(braked.statusCode).toBe(429);
    expect(braked.headers['retry-after']).toBeDefined();
    // The guesser's address is braked for a right token it never used there; another address is not.
    expect((await send('GET', PUBLISHING_PATHS.drafts, bearer(token), undefined, guesser)).statusCode).toBe(429);
    expect((await send('GET', PUBLISHING_PATHS.drafts, bearer(token))).statusCode).toBe(200);
  });
});
