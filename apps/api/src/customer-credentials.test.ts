import { CHROMATOF_PATHS, RELEASES_PATHS } from '@portal/contracts';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CREDENTIAL_FAILURES_ALLOWED } from './plugins/customer-auth/credential-brake';
import {
  CustomerAuthorizationHeaders,
  KeyIdDownloadsHeaders,
  type CustomerRoute,
} from './plugins/customer-auth/customer-auth';
import { DEMO, useDemoPortal } from '../test/demo-portal';
import { createTestApp } from '../test/test-app';

const demo = useDemoPortal();

/**
 * The demo credentials of each scheme (docs/demo-data.md), as the contracts' builders write
 * them, and the same credential with the scheme (and the `id` parameter's name) in other
 * cases: RFC 9110 §11.1 makes them one.
 */
const SPELLINGS = {
  hasp: {
    canonical: [DEMO.CS],
    others: ['hasp id=DEMO-CS-1001', 'HASP ID=DEMO-CS-1001', 'hAsP Id=DEMO-CS-1001'],
  },
  rainbow: {
    canonical: [DEMO.KEY, 'Rainbow DEMO-KEY-2001'],
    others: ['rainbow id=DEMO-KEY-2001', 'RAINBOW ID=DEMO-KEY-2001', 'rainbow DEMO-KEY-2001', 'RAINBOW DEMO-KEY-2001'],
  },
} as const;
const bearerSpellings = () => {
  const token = demo.staff.slice('Bearer '.length);
  return { canonical: [demo.staff], others: [`bearer ${token}`, `BEARER ${token}`, `bEaReR ${token}`] };
};

/** Path parameters for which every credential route answers 200 to the demo credentials. */
async function demoParams(): Promise<Record<string, string>> {
  const dsvs = (await demo.get('/v1/Cornerstone/dsv', DEMO.CS)).json() as Record<string, unknown>;
  const products = (await demo.get('/v1/chromatof/downloads/ChromaTOF', DEMO.KEY)).json() as {
    _links: Record<string, { href: string }>;
  };
  const download = Object.values(products._links)[0]!.href.split('/').slice(-3).map(decodeURIComponent);
  return {
    registrationId: 'DEMO-CS-1001',
    key: Object.keys(dsvs)[0]!,
    product: 'ChromaTOF',
    version: download[1]!,
    label: download[2]!,
  };
}

/** The answer with what may change between two requests of one caller (a link's expiry and signature) left out. */
const comparable = (body: string) => body.replace(/expires=\d+&grant=([^&"]*)&signature=[^&"]*/g, 'expires=…&grant=$1');

describe('every route that takes a customer credential reads the Authorization header the same way', () => {
  it('collects the credential routes from the app, each with the schemes it states', () => {
    const routes = demo.portal.app.customerRoutes;
    const of = (url: string) => routes.find((route) => route.method === 'GET' && route.url === url);
    expect(routes.filter((route) => route.method === 'GET').length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(of(RELEASES_PATHS.families)!.accepted)).toEqual(['hasp']);
    expect(of(RELEASES_PATHS.versions)).toMatchObject({ staffAccess: 'staff' });
    expect(Object.keys(of('/v1/ProductInformationBulletins')!.accepted).sort()).toEqual(['hasp', 'rainbow']);
    expect(Object.keys(of('/v1/Cornerstone/DSV/:registrationId/:key')!.accepted)).toEqual(['hasp']);
    expect(Object.keys(of('/v1/feeds/current')!.accepted).sort()).toEqual(['hasp', 'rainbow']);
    expect(Object.keys(of(CHROMATOF_PATHS.download)!.accepted)).toEqual(['rainbow']);
  });

  it(
    'answers each scheme in any case as in its own (RFC 9110 §11.1), and never counts one as a wrong guess',
    { timeout: 120_000 },
    async () => {
      const params = await demoParams();
      const failures: string[] = [];
      for (const route of demo.portal.app.customerRoutes) {
        const key = `${route.method} ${route.url}`;
        const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
          if (params[name] === undefined) failures.push(`${key}: give its :${name} a value in demoParams`);
          return encodeURIComponent(params[name] ?? 'x');
        });
        const ask = (authorization: string, remoteAddress: string) =>
          demo.portal.app.inject({
            method: route.method as InjectOptions['method'],
            url,
            remoteAddress,
            headers: { authorization },
          });
        const schemes = spellingsOf(route);
        const guess = schemes[0]!.guess;
        for (const { canonical, others } of schemes) {
          // A client one wrong guess short of the brake: counting any other spelling as a failure would brake it.
          const client = demo.freshClient();
          for (let attempt = 1; attempt < CREDENTIAL_FAILURES_ALLOWED; attempt++) {
            const refused = await ask(guess(attempt), client);
            if (refused.statusCode !== 401) failures.push(`${key}: guess ${attempt} answered ${refused.statusCode}`);
          }
          for (const reference of canonical) {
            const expected = await ask(reference, client);
            if (expected.statusCode !== 200) {
              failures.push(`${key} with ${reference}: ${expected.statusCode} ${expected.body.slice(0, 120)}`);
            }
            for (const authorization of others) {
              const answer = await ask(authorization, client);
              if (answer.statusCode !== expected.statusCode || comparable(answer.body) !== comparable(expected.body)) {
                failures.push(
                  `${key} with ${authorization.slice(0, 24)}: ${answer.statusCode} ${answer.body.slice(0, 120)} (expected as ${reference.slice(0, 24)})`,
                );
              }
            }
          }
          // The last guess the brake allows is still refused as a guess, not braked.
          const last = await ask(guess(CREDENTIAL_FAILURES_ALLOWED), client);
          if (last.statusCode !== 401) failures.push(`${key}: the last allowed guess answered ${last.statusCode}`);
        }
      }
      expect(failures).toEqual([]);
    },
  );

  it('refuses to start an app with a route that declares a customer credential header but states no schemes', async () => {
    for (const headers of [CustomerAuthorizationHeaders, KeyIdDownloadsHeaders]) {
      const building = createTestApp({
        routes: (app) => app.get('/test/credential-unstated', { schema: { headers } }, async () => 'open'),
      });
      await expect(building).rejects.toThrow(
        /GET \/test\/credential-unstated takes a customer credential but states no schemes/,
      );
    }
  });
});

/** The spellings of each scheme the route takes, and a wrong guess in the first of them. */
function spellingsOf(route: CustomerRoute) {
  const schemes: Array<{ canonical: readonly string[]; others: readonly string[]; guess: (n: number) => string }> = [];
  if (route.accepted.hasp) schemes.push({ ...SPELLINGS.hasp, guess: (n) => `Hasp id=GUESS-${n}` });
  if (route.accepted.rainbow) schemes.push({ ...SPELLINGS.rainbow, guess: (n) => `Rainbow id=GUESS-${n}` });
  if (route.staffAccess) schemes.push({ ...bearerSpellings(), guess: (n) => `Hasp id=GUESS-${n}` });
  return schemes;
}
