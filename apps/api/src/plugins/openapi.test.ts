import type * as FastifyModule from 'fastify';
import type { RouteOptions } from 'fastify';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../test/test-app';
import type { WebAsset } from '../web/web-build';

/**
 * Every route of every Fastify instance made in this file, as Fastify hands it to onRoute
 * hooks (HEAD twins included); the app's own are picked by instance (security-headers.ts
 * makes a probe instance of its own).
 */
const registered = vi.hoisted(() => new Map<unknown, RouteOptions[]>());
vi.mock('fastify', async (importOriginal) => {
  const original = await importOriginal<typeof FastifyModule>();
  const fastify = ((options?: Parameters<typeof original.default>[0]) => {
    const instance = original.default(options);
    const routes: RouteOptions[] = [];
    registered.set(instance, routes);
    return instance.addHook('onRoute', (route) => void routes.push(route));
  }) as typeof original.default;
  return { ...original, default: fastify, fastify };
});

/**
 * Routes deliberately left out of /v1/openapi.json (`schema: { hide: true }`), each with why.
 * Any other route missing from the document fails the test, and so does an entry here that
 * no longer matches a route (the list cannot go stale).
 */
const NOT_DOCUMENTED: Record<string, string> = {
  'GET /v1/openapi.json': 'the document itself',
  'GET /brand/logo.svg': "the maker's logo, an image the pages show, not an API (web/maker-logo.ts)",
  'GET /*': 'the web app: prerendered pages, assets and the not-found page (web/web-app.ts)',
};

const asset = (body: string): WebAsset => ({
  body: Buffer.from(body),
  contentType: 'text/html; charset=utf-8',
  etag: '"x"',
  cacheControl: 'no-cache',
});

let portal: TestApp;
let logoFolder: string;
beforeAll(async () => {
  // With a (stand-in) web build and a maker's logo, so every route that production may have is registered.
  logoFolder = await mkdtemp(path.join(os.tmpdir(), 'portal-openapi-'));
  const logo = path.join(logoFolder, 'logo.svg');
  await writeFile(
    logo,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1"/></svg>\n',
  );
  // The app's modules afresh, so they take the fastify above: Vitest runs the API's files in one
  // module registry per worker (isolate: false), where an earlier file has loaded the real one.
  vi.resetModules();
  const { createTestApp } = await import('../../test/test-app');
  portal = await createTestApp({
    env: { MAKER_LOGO: logo },
    webBuild: {
      assets: new Map(),
      spaFallback: asset(''),
      notFoundPage: asset(''),
      spaFallbacks: new Map(),
      notFoundPages: new Map(),
      texts: {},
      clientRoutes: [],
    },
  });
});
afterAll(async () => {
  await portal.close();
  await rm(logoFolder, { recursive: true, force: true });
});

const get = (url: string) => portal.app.inject({ method: 'GET', url });

/** `METHOD /path` of each registered route, HEAD twins of GET routes left out. */
function routeKeys(): { key: string; route: RouteOptions; method: string }[] {
  const keys = registered
    .get(portal.app)!
    .flatMap((route) =>
      [route.method].flat().map((method) => ({ key: `${method} ${route.url}`, route, method: method.toLowerCase() })),
    );
  const all = new Set(keys.map(({ key }) => key));
  return keys.filter(({ key }) => !(key.startsWith('HEAD ') && all.has(key.replace(/^HEAD /, 'GET '))));
}

/** Fastify's `/a/:b` as OpenAPI's `/a/{b}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('documents every registered route but the few listed as deliberately left out', async () => {
    const document = (await get('/v1/openapi.json')).json();
    const routes = routeKeys();
    expect(routes.length).toBeGreaterThan(30);
    for (const { key, route, method } of routes) {
      const operation = document.paths[openapiPath(route.url)]?.[method];
      if (key in NOT_DOCUMENTED) expect(operation, `${key} is listed as not documented`).toBeUndefined();
      else expect(operation, `${key} is in /v1/openapi.json`).toBeDefined();
    }
    const keys = routes.map(({ key }) => key);
    for (const key of Object.keys(NOT_DOCUMENTED)) expect(keys, `${key} (NOT_DOCUMENTED) is a route`).toContain(key);
    // And the reverse: the document names no route that does not exist.
    const documented = Object.entries(document.paths as Record<string, object>).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(
      keys
        .filter((key) => !(key in NOT_DOCUMENTED))
        .map((key) => openapiPath(key))
        .sort(),
    );
  });

  it('documents the response codes each route declares: a success, and a 401 where staff must sign in', async () => {
    const document = (await get('/v1/openapi.json')).json();
    for (const { key, route, method } of routeKeys()) {
      if (key in NOT_DOCUMENTED) continue;
      const declared = Object.keys((route.schema?.response as object | undefined) ?? {}).sort();
      const documented = Object.keys(document.paths[openapiPath(route.url)][method].responses ?? {}).sort();
      expect(documented, `response codes of ${key}`).toEqual(declared);
      expect(
        documented.some((code) => /^[23]\d\d$/.test(code)),
        `${key} documents its success`,
      ).toBe(true);
      const access = portal.app.staffRoutes.find(
        (staff) => staff.method === method.toUpperCase() && staff.url === route.url,
      )?.access;
      if (access !== undefined && route.preHandler !== undefined)
        expect(documented, `${key} answers 401 without a staff session`).toContain('401');
      if (access !== undefined && access !== 'staff')
        expect(documented, `${key} answers 403 without the ${access} role`).toContain('403');
    }
  });

  it('documents the fields the portal adds to the versions and bulletins answers: file details and release notes', async () => {
    const document = (await get('/v1/openapi.json')).json();
    // Shared schemas ($id) are components, referenced from the paths.
    const resolved = (value: unknown): string =>
      JSON.stringify(value).replace(/\{"\$ref":"#\/components\/schemas\/([^"]+)"\}/g, (_, name: string) =>
        resolved(document.components.schemas[name]),
      );
    const versions = resolved(document.paths['/v1/Cornerstone/versions'].get.responses['200']);
    for (const field of ['offlineInstallerFile', 'releaseDate', 'releaseNotes', 'sha256', 'sizeBytes', 'publishedAt']) {
      expect(versions).toContain(`"${field}"`);
    }
    expect(resolved(document.paths['/v1/ProductInformationBulletins'].get.responses['200'])).toContain(
      'What a download is',
    );
  });
});
