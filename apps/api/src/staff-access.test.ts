import {
  allows,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  type CreatedApiToken,
  roleRequiredMessage,
  PEOPLE_PATHS,
  SIGN_IN_PATHS,
  STAFF_ROLES,
  type StaffAccess,
  type StaffRole,
} from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL, useDemoPortal } from '../test/demo-portal';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { blobStoreFor } from './plugins/blob-store';
import { StaffAuthorizationHeaders } from './plugins/staff-auth';
import { createTestApp } from '../test/test-app';

const demo = useDemoPortal();

/** A value for each path parameter of a staff route: the answer may be 404, never a validation error. */
const PARAMS: Record<string, string> = {
  challengeKey: '11',
  registrationId: 'DEMO-CS-1001',
  name: '0.0.0',
  email: 'nobody@example.com',
  // No published file has this ID: a withdrawal or restoration answers 404 and changes nothing.
  fileId: '00000000-0000-4000-8000-000000000000',
  changeId: '1',
  // No draft has this ID: reading, replacing, previewing, publishing or deleting it answers 404.
  draftId: '00000000-0000-4000-8000-000000000000',
  // No upload has this ID: its HEAD, PATCH or DELETE is refused by the tus server, changing nothing.
  uploadId: '0'.repeat(32),
  // No advisory draft has this ID, and no advisory this one: reading, changing or publishing answers 404.
  id: '00000000-0000-4000-8000-000000000000',
  advisoryId: 'NONE-SA-2026-9999',
  // No API token has this ID: its revocation answers 404.
  tokenId: '00000000-0000-4000-8000-000000000000',
};

/** An advisory draft naming a release the catalogue does not have: refused (400), nothing stored. */
const UNKNOWN_RELEASE_DRAFT = {
  kind: 'advisory',
  title: 'The access matrix',
  summary: 'The access matrix',
  vulnerabilities: [{ description: 'x', affected: ['cornerstone:0.0.0-none'], fixed: [], remediations: [] }],
  notAffected: [],
  acknowledgments: [],
  internalNote: '',
};

/**
 * A body for each route that needs one, such that a caller who may use the route gets an
 * answer other than 401 and 403 without changing anything the other cells rely on. Only
 * the bodies: which routes exist comes from the app itself (`app.staffRoutes`).
 */
const BODIES: Record<string, unknown> = {
  'PUT /v1/Cornerstone/PasswordReset': { registrationId: 'NO-SUCH-ID', authorizedAdminEmails: [] },
  'POST /v1/Cornerstone/PasswordReset': { registrationId: 'NO-SUCH-ID', challengeKey: '11' },
  'POST /v1/people': { email: 'not-an-address', roles: [] },
  'PUT /v1/people/:email/roles': { roles: [] },
  'POST /v1/feeds/reissue': { scheme: 'hasp', id: 'NO-SUCH-ID' },
  'POST /v1/publishing/files/:fileId/withdrawal': { reason: 'The access matrix' },
  'POST /v1/publishing/files/:fileId/restoration': {},
  // Not a catalogue.json: refused with its problems, nothing stored.
  'POST /v1/publishing/drafts': { families: [] },
  'PUT /v1/publishing/drafts/:draftId': { families: [] },
  'POST /v1/publishing/drafts/:draftId/preview': {},
  'POST /v1/publishing/drafts/:draftId/publication': { catalogueVersion: 0 },
  // No draft has this ID: the claim answers 404.
  'POST /v1/publishing/drafts/:draftId/files': { sha256: '0'.repeat(64), name: 'matrix.zip', sizeBytes: 1 },
  'POST /v1/security/drafts': UNKNOWN_RELEASE_DRAFT,
  'PUT /v1/security/drafts/:id': UNKNOWN_RELEASE_DRAFT,
  'POST /v1/security/drafts/:id/publish': {},
  // A name of blanks: refused (400), no token created.
  'POST /v1/tokens': { name: ' ' },
};

type Caller = 'signed out' | 'no role' | StaffRole;
const CALLERS: Caller[] = ['signed out', 'no role', ...STAFF_ROLES];

describe('every staff route states the access it needs, and the server enforces it', () => {
  it('collects the staff routes from the app, the read-only tools open to every staff member', () => {
    const routes = demo.portal.app.staffRoutes;
    const accessOf = (method: string, url: string) =>
      routes.find((route) => route.method === method && route.url === url)?.access;
    expect(routes.length).toBeGreaterThanOrEqual(18);
    expect(accessOf('GET', '/v1/Cornerstone/releaseDates')).toBe('staff');
    expect(accessOf('GET', '/v1/ProductInformationBulletins')).toBe('staff');
    expect(accessOf('GET', '/v1/products/cornerstone/options')).toBe('staff');
    expect(accessOf('GET', '/v1/chromatof/latestversions')).toBe('staff');
    expect(accessOf('GET', '/v1/components')).toBe('staff');
    expect(accessOf('GET', '/v1/Cornerstone/ServiceKey')).toBe('service');
    expect(accessOf('GET', '/v1/usage')).toBe('admin');
    expect(accessOf('GET', '/v1/people/me')).toBe('staff');
    expect(accessOf('DELETE', SIGN_IN_PATHS.session)).toBe('staff');
    expect(accessOf('GET', '/v1/publishing/changes')).toBe('publisher');
    expect(accessOf('GET', '/v1/publishing/changes/:changeId')).toBe('publisher');
    expect(accessOf('GET', '/v1/publishing/files')).toBe('publisher');
    expect(accessOf('POST', '/v1/publishing/files/:fileId/withdrawal')).toBe('publisher');
    expect(accessOf('POST', '/v1/publishing/drafts/:draftId/publication')).toBe('publisher');
    expect(accessOf('POST', '/v1/publishing/files/:fileId/restoration')).toBe('publisher');
    expect(accessOf('GET', '/v1/security/drafts')).toBe('security');
    expect(accessOf('POST', '/v1/security/drafts')).toBe('security');
    expect(accessOf('PUT', '/v1/security/drafts/:id')).toBe('security');
    expect(accessOf('DELETE', '/v1/security/drafts/:id')).toBe('security');
    expect(accessOf('GET', '/v1/security/drafts/:id/preview')).toBe('security');
    expect(accessOf('POST', '/v1/security/drafts/:id/publish')).toBe('security');
    expect(accessOf('POST', '/v1/security/advisories/:advisoryId/revise')).toBe('security');
    expect(accessOf('GET', '/v1/security/releases')).toBe('security');
    expect(accessOf('GET', API_TOKEN_PATHS.tokens)).toBe('publisher');
    expect(accessOf('POST', API_TOKEN_PATHS.tokens)).toBe('publisher');
    expect(accessOf('DELETE', API_TOKEN_PATHS.token)).toBe('publisher');
  });

  it('answers each route × caller as the route states: 401 signed out, 403 naming the role, else the route itself', async () => {
    const failures: string[] = [];
    for (const route of demo.portal.app.staffRoutes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
        const value = PARAMS[name];
        if (value === undefined) failures.push(`${key}: give its :${name} a value in PARAMS`);
        return encodeURIComponent(value ?? 'x');
      });
      for (const caller of CALLERS) {
        const bearer =
          caller === 'signed out'
            ? undefined
            : await demo.signIn(`matrix-${caller.replace(' ', '-')}@example.com`, caller === 'no role' ? [] : [caller]);
        const request: InjectOptions = {
          method: route.method as InjectOptions['method'],
          url,
          remoteAddress: demo.freshClient(),
          headers: bearer ? { authorization: bearer } : {},
          ...(key in BODIES ? { payload: BODIES[key] as Record<string, unknown> } : {}),
        };
        const response = await demo.portal.app.inject(request);
        const roles: StaffRole[] = caller === 'signed out' || caller === 'no role' ? [] : [caller];
        const cell = `${key} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)}`;
        if (caller === 'signed out') {
          if (response.statusCode !== 401) failures.push(`${cell} (expected 401)`);
        } else if (!allows(roles, route.access)) {
          const expected = { message: roleRequiredMessage(route.access as StaffRole) };
          // A HEAD answer has the status of its GET twin and no body.
          const body = route.method === 'HEAD' ? JSON.stringify(expected) : response.body;
          if (response.statusCode !== 403 || body !== JSON.stringify(expected))
            failures.push(`${cell} (expected 403 ${expected.message})`);
        } else if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500) {
          failures.push(`${cell} (expected the route's own answer)`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses to start an app with a route that takes a staff bearer but states no access', async () => {
    const building = createTestApp({
      routes: (app) =>
        app.get('/test/open-to-every-session', { schema: { headers: StaffAuthorizationHeaders } }, async () => 'open'),
    });
    await expect(building).rejects.toThrow(
      /GET \/test\/open-to-every-session takes a staff bearer but states no access/,
    );
  });

  it('takes an API token on the publishing routes only: 403 naming its scope on every other staff route', async () => {
    const publisher = await demo.signIn('matrix-token@example.com', ['publisher']);
    const created = await demo.portal.app.inject({
      method: 'POST',
      url: API_TOKEN_PATHS.tokens,
      headers: { authorization: publisher },
      payload: { name: 'access matrix' },
    });
    const { token } = created.json<CreatedApiToken>();
    const failures: string[] = [];
    const publishing: string[] = [];
    for (const route of demo.portal.app.staffRoutes) {
      const key = `${route.method} ${route.url}`;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(PARAMS[name] ?? 'x'));
      const response = await demo.portal.app.inject({
        method: route.method as InjectOptions['method'],
        url,
        remoteAddress: demo.freshClient(),
        headers: { authorization: `Bearer ${token}` },
        ...(key in BODIES ? { payload: BODIES[key] as Record<string, unknown> } : {}),
      });
      const cell = `${key}: ${response.statusCode} ${response.body.slice(0, 120)}`;
      if (route.apiTokenScope === 'publish') {
        publishing.push(key);
        if (response.statusCode === 401 || response.statusCode === 403 || response.statusCode >= 500)
          failures.push(`${cell} (expected the route's own answer)`);
      } else if (
        response.statusCode !== 403 ||
        (route.method !== 'HEAD' && response.body !== JSON.stringify({ message: API_TOKEN_MESSAGES.scope }))
      ) {
        failures.push(`${cell} (expected 403 ${API_TOKEN_MESSAGES.scope})`);
      }
    }
    expect(failures).toEqual([]);
    // The drafts, their preview and publish, the claims and the tus uploads: nothing else.
    expect(publishing.sort()).toEqual(
      [
        'DELETE /v1/publishing/drafts/:draftId',
        'DELETE /v1/publishing/uploads/:uploadId',
        'GET /v1/publishing/drafts',
        'GET /v1/publishing/drafts/:draftId',
        'HEAD /v1/publishing/drafts',
        'HEAD /v1/publishing/drafts/:draftId',
        'HEAD /v1/publishing/uploads/:uploadId',
        'PATCH /v1/publishing/uploads/:uploadId',
        'POST /v1/publishing/drafts',
        'POST /v1/publishing/drafts/:draftId/files',
        'POST /v1/publishing/drafts/:draftId/preview',
        'POST /v1/publishing/drafts/:draftId/publication',
        'POST /v1/publishing/uploads',
        'PUT /v1/publishing/drafts/:draftId',
      ].sort(),
    );
  });

  it('states an access the contracts know for every collected route', () => {
    const known: StaffAccess[] = ['staff', ...STAFF_ROLES];
    for (const route of demo.portal.app.staffRoutes) expect(known).toContain(route.access);
  });
});

const SERVICE_KEY = '/v1/Cornerstone/ServiceKey';
const setRoles = (email: string, roles: StaffRole[]) =>
  demo.portal.app.inject({
    method: 'PUT',
    url: PEOPLE_PATHS.roles.replace(':email', encodeURIComponent(email)),
    headers: { authorization: demo.staff },
    payload: { roles },
  });

describe('a change of roles reaches every portal on the same database', () => {
  let other: Awaited<ReturnType<typeof secondPortal>> | undefined;
  afterAll(() => other?.close());

  /** A second portal process's app: its own role cache and LISTEN connection, the same database and key. */
  async function secondPortal() {
    const config = loadConfig({ DATA_DIR: demo.dataDir, ADMIN_EMAILS: DEMO_STAFF_EMAIL });
    const blobStore = await blobStoreFor(config);
    const { database } = demo.portal;
    const app = await buildApp({
      config,
      db: database.db,
      pool: database.pool,
      secretKey: demo.portal.app.secretKey,
      blobStore,
    });
    app.log.level = 'silent';
    return {
      app,
      close: async () => {
        await app.close();
        blobStore.close?.();
      },
    };
  }

  it('takes effect on the next request to the other portal', async () => {
    other = await secondPortal();
    const bearer = await demo.signIn('two.portals@example.com', ['service']);
    const onOther = () => other!.app.inject({ method: 'GET', url: SERVICE_KEY, headers: { authorization: bearer } });
    // The other portal has the roles cached now.
    expect((await onOther()).statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(200);
    expect((await setRoles('two.portals@example.com', [])).statusCode).toBe(200);
    // The NOTIFY arrives within milliseconds of the commit; without it the cached roles would stay.
    await expect.poll(async () => (await onOther()).statusCode, { timeout: 2_000, interval: 20 }).toBe(403);
  });

  it('refuses a revoked API token on the other portal at its next request', async () => {
    other ??= await secondPortal();
    const publisher = await demo.signIn('two.portals.token@example.com', ['publisher']);
    const created = (
      await demo.portal.app.inject({
        method: 'POST',
        url: API_TOKEN_PATHS.tokens,
        headers: { authorization: publisher },
        payload: { name: 'two portals' },
      })
    ).json<CreatedApiToken>();
    const onOther = () =>
      other!.app.inject({
        method: 'GET',
        url: '/v1/publishing/drafts',
        headers: { authorization: `Bearer ${created.token}` },
      });
    expect((await onOther()).statusCode).toBe(200);
    const revoked = await demo.portal.app.inject({
      method: 'DELETE',
      url: API_TOKEN_PATHS.token.replace(':tokenId', created.id),
      headers: { authorization: publisher },
    });
    expect(revoked.statusCode).toBe(204);
    // The row is the truth each use reads: no wait, no cache to empty.
    expect((await onOther()).statusCode).toBe(401);
  });
});
