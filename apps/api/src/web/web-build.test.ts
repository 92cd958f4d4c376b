import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import configPlugin from '../plugins/config';
import errorHandler from '../plugins/error-handler';
import notFound from '../plugins/not-found';
import rateLimit from '../plugins/rate-limit';
import redis from '../plugins/redis';
import webApp from './web-app';
import { loadWebBuild, type WebBuild } from './web-build';

const INLINE_SCRIPT = 'window.__context = {"a":1};';
const page = (text: string) =>
  `<!DOCTYPE html><html data-maker-name="%MAKER_NAME%" data-chromatof-downloads-url="%CHROMATOF_DOWNLOADS_URL%" data-report-errors="%REPORT_ERRORS%" data-support-url="%SUPPORT_URL%" data-support-email="%SUPPORT_EMAIL%" data-maker-logo="%MAKER_LOGO_URL%" data-oidc-name="%OIDC_NAME%" data-oidc-only="%OIDC_ONLY%"><head><title>%MAKER_NAME% Software</title></head>` +
  `<body><h1>${text}</h1><p>Kept %DOWNLOAD_RECORDS_RETENTION_DAYS% days, usage %TELEMETRY_RETENTION_DAYS% days, drafts %DRAFT_EXPIRY_DAYS% days</p><script>${INLINE_SCRIPT}</script><script type="module" src="/assets/entry-abc.js"></script></body></html>`;

describe('serving the web build', () => {
  let dir: string;
  let build: WebBuild;
  const app = Fastify();

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'web-build-'));
    await mkdir(path.join(dir, 'client/assets'), { recursive: true });
    await mkdir(path.join(dir, 'client/404'), { recursive: true });
    await mkdir(path.join(dir, 'client/de/404'), { recursive: true });
    await mkdir(path.join(dir, 'client/privacy'), { recursive: true });
    await writeFile(path.join(dir, 'client/index.html'), page('Home'));
    await writeFile(path.join(dir, 'client/privacy/index.html'), page('Privacy'));
    await writeFile(path.join(dir, 'client/404/index.html'), page('Not found'));
    await writeFile(path.join(dir, 'client/de/index.html'), page('Startseite __PORTAL_PUBLIC_ORIGIN__/de'));
    await writeFile(path.join(dir, 'client/de/404/index.html'), page('Seite nicht gefunden'));
    await writeFile(path.join(dir, 'client/__spa-fallback.html'), page('Loading'));
    await writeFile(path.join(dir, 'client/de/__spa-fallback.html'), page('Wird geladen'));
    await writeFile(path.join(dir, 'client/assets/entry-abc.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'client/assets/sha256-worker-Bb1_x-9.js'), 'self.onmessage = () => {}');
    await writeFile(
      path.join(dir, 'client-routes.json'),
      JSON.stringify(['/', '/service/cornerstone/releases', '/files/:id', '/security/:id', '/de/security/:id']),
    );
    build = await loadWebBuild(dir, {
      makerName: 'Acme <Labs> & "Co"',
      chromatofDownloadsUrl: '/v1/chromatof/downloads',
      reportErrors: true,
      makerLogoUrl: '/brand/logo.svg?v=abc',
      downloadRecordsRetentionDays: 400,
      telemetryRetentionDays: 400,
      draftExpiryDays: 7,
      publicUrl: new URL('https://portal.example.com/'),
    });
    await app.register(configPlugin, { config: loadConfig({}), secretKey: Buffer.alloc(32) });
    await app.register(errorHandler);
    await app.register(redis);
    await app.register(rateLimit);
    await app.register(notFound);
    await app.register(webApp, { build });
  });
  afterAll(async () => {
    await app.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('writes the maker name, HTML-escaped, into every page', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Acme &#60;Labs&#62; &#38; &#34;Co&#34; Software</title>');
    expect(response.body).not.toContain('%MAKER_NAME%');
  });

  it("answers an unknown address under a language prefix with that language's not-found page, and its own 404 pages only so", async () => {
    const german = await app.inject({ url: '/de/no/such/page' });
    expect(german.statusCode).toBe(404);
    expect(german.body).toContain('Seite nicht gefunden');
    expect((await app.inject({ url: '/de/404' })).statusCode).toBe(404);
    const english = await app.inject({ url: '/no/such/page' });
    expect(english.statusCode).toBe(404);
    expect(english.body).toContain('Not found');
    // A page in a language names the others by PUBLIC_URL's origin (its hreflang links).
    const home = await app.inject({ url: '/de' });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Startseite https://portal.example.com/de');
  });

  it("answers a browser-only page in a language with that language's SPA fallback, and keeps the fallbacks' own addresses to itself", async () => {
    const german = await app.inject({ url: '/de/security/ACME-SA-2026-0001' });
    expect(german.statusCode).toBe(200);
    expect(german.body).toContain('Wird geladen');
    const english = await app.inject({ url: '/security/ACME-SA-2026-0001' });
    expect(english.statusCode).toBe(200);
    expect(english.body).toContain('Loading');
    // A page offered in English only has no address under a prefix.
    expect((await app.inject({ url: '/de/service/cornerstone/releases' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/de/__spa-fallback.html' })).statusCode).toBe(404);
  });

  it("writes the logo's URL into every page", async () => {
    const response = await app.inject({ url: '/privacy' });
    expect(response.body).toContain('data-maker-logo="/brand/logo.svg?v=abc"');
  });

  it("writes the ChromaTOF lookup's endpoint into every page, and lets pages fetch from its origin", async () => {
    const own = await app.inject({ url: '/privacy' });
    expect(own.body).toContain('data-chromatof-downloads-url="/v1/chromatof/downloads"');
    expect(own.headers['content-security-policy']).toContain("connect-src 'self';");

    const elsewhere = await loadWebBuild(dir, {
      makerName: 'Acme',
      chromatofDownloadsUrl: 'https://downloads.example.com/v1/chromatof?x=1&y=2',
      reportErrors: false,
      makerLogoUrl: '',
      downloadRecordsRetentionDays: 400,
      telemetryRetentionDays: 400,
      draftExpiryDays: 7,
    });
    expect(elsewhere.assets.get('/')!.body.toString()).toContain('data-maker-logo=""');
    const page = elsewhere.assets.get('/privacy')!;
    expect(page.body.toString()).toContain(
      'data-chromatof-downloads-url="https://downloads.example.com/v1/chromatof?x=1&#38;y=2"',
    );
    expect(page.contentSecurityPolicy).toContain("connect-src 'self' https://downloads.example.com;");
  });

  it('lets the hashing worker alone compile WebAssembly: its script carries a policy of its own, no page allows it', async () => {
    const worker = await app.inject({ url: '/assets/sha256-worker-Bb1_x-9.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-security-policy']).toBe(
      "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    const script = await app.inject({ url: '/assets/entry-abc.js' });
    expect(script.headers['content-security-policy']).toBeUndefined();
    for (const url of ['/', '/privacy', '/service/cornerstone/releases']) {
      const page = await app.inject({ url });
      expect(page.headers['content-security-policy']).not.toContain('wasm');
    }
  });

  it('tells every page whether to report errors (REPORT_ERRORS), read at start-up', async () => {
    const response = await app.inject({ url: '/' });
    expect(response.body).toContain('data-report-errors="true"');
  });

  it('writes the support contacts into every page, empty when they are not set', async () => {
    const unset = await app.inject({ url: '/' });
    expect(unset.body).toContain('data-support-url="" data-support-email=""');
    const set = await loadWebBuild(dir, {
      makerName: 'Acme',
      chromatofDownloadsUrl: '/v1/chromatof/downloads',
      reportErrors: false,
      supportUrl: 'https://support.example.com/?a=1&b="2"',
      supportEmail: 'help@example.com',
      makerLogoUrl: '',
      downloadRecordsRetentionDays: 400,
      telemetryRetentionDays: 400,
      draftExpiryDays: 7,
    });
    expect(set.assets.get('/privacy')!.body.toString()).toContain(
      'data-support-url="https://support.example.com/?a=1&#38;b=&#34;2&#34;" data-support-email="help@example.com"',
    );
  });

  it("writes the identity provider's button name and OIDC_ONLY into every page, empty and false without one", async () => {
    const html = (oidc: { oidcName?: string; oidcOnly?: boolean }) =>
      loadWebBuild(dir, {
        makerName: 'Acme',
        chromatofDownloadsUrl: '/v1/chromatof/downloads',
        reportErrors: false,
        makerLogoUrl: '',
        downloadRecordsRetentionDays: 400,
        telemetryRetentionDays: 400,
        draftExpiryDays: 7,
        ...oidc,
      }).then((build) => build.assets.get('/privacy')!.body.toString());
    expect(await html({})).toContain('data-oidc-name="" data-oidc-only="false"');
    expect(await html({ oidcName: 'Contoso & <Co>', oidcOnly: true })).toContain(
      'data-oidc-name="Contoso &#38; &#60;Co&#62;" data-oidc-only="true"',
    );
  });

  it('writes the retention periods of the running configuration into every page', async () => {
    const html = (days: number, telemetryDays: number, draftDays: number) =>
      loadWebBuild(dir, {
        makerName: 'Acme',
        chromatofDownloadsUrl: '/v1/chromatof/downloads',
        reportErrors: false,
        makerLogoUrl: '',
        downloadRecordsRetentionDays: days,
        telemetryRetentionDays: telemetryDays,
        draftExpiryDays: draftDays,
      }).then((build) => build.assets.get('/privacy')!.body.toString());
    expect(await html(30, 90, 3)).toContain('Kept 30 days, usage 90 days, drafts 3 days');
    expect(await html(730, 14, 30)).toContain('Kept 730 days, usage 14 days, drafts 30 days');
  });

  it('allows exactly the inline scripts of the page in its CSP', async () => {
    const response = await app.inject({ url: '/privacy' });
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(response.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
  });

  it('lets pages be revalidated and hashed assets be cached for a year', async () => {
    expect((await app.inject({ url: '/' })).headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ url: '/assets/entry-abc.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-type']).toBe('text/javascript; charset=utf-8');
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await app.inject({ url: '/privacy' });
    const second = await app.inject({ url: '/privacy', headers: { 'if-none-match': first.headers.etag as string } });
    expect(second.statusCode).toBe(304);
    expect(second.body).toBe('');
  });

  it('sends brotli or gzip as the browser accepts', async () => {
    const plain = (await app.inject({ url: '/' })).body;
    const br = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('serves browser-only routes from the SPA fallback', async () => {
    for (const url of ['/service/cornerstone/releases', '/files/42?x=1']) {
      const response = await app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<h1>Loading</h1>');
    }
  });

  it('answers unknown paths, /404 and missing assets with the not-found page and status 404', async () => {
    for (const url of ['/no/such/page', '/404', '/assets/missing.js']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain('<h1>Not found</h1>');
    }
  });

  it('answers unknown API paths with JSON, not a page', async () => {
    const response = await app.inject({ url: '/v1/nothing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });
});
