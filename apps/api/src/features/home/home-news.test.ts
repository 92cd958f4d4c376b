import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { HOME_NEWS_PLACEHOLDER, homeNewsHtml, type AdvisoryListItem, type HomeNews } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFolder, useDemoPortal } from '../../../test/demo-portal';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { homeNewsWords } from '../../web/messages';
import { loadWebBuild, type WebBuild } from '../../web/web-build';
import { homeNews } from './home-news';

const demo = useDemoPortal();

/** The demo catalogue's news (docs/demo-data.md): 2.11.0-beta has no release date, so 2.10.0 is the latest. */
const DEMO_NEWS = {
  cornerstone: { version: '2.10.0', releaseDate: '2025-05-20', href: '/cornerstone' },
  firmware: [
    { instrument: 'MX', version: '001.005.002', releaseDate: '2025-02-18', href: '/metallographics/mx/firmware' },
    { instrument: 'PX', version: '002.002.010', releaseDate: '2025-04-22', href: '/metallographics/px/firmware' },
    { instrument: 'CX', version: '003.001.004', releaseDate: '2025-05-06', href: '/metallographics/cx/firmware' },
  ],
};

describe('GET /v1/home-news', () => {
  it("answers anyone the latest Cornerstone, each series' latest firmware and the newest advisory with its severity", async () => {
    const response = await demo.get('/v1/home-news', undefined, { remoteAddress: demo.freshClient() });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=300');
    const news = response.json<HomeNews>();
    expect(news).toMatchObject(DEMO_NEWS);
    // The demo's advisory; its not-affected statement for ChromaTOF is no news.
    expect(news.advisories).toEqual([
      {
        advisoryId: expect.stringMatching(/-SA-2026-\d{4}$/),
        title: expect.any(String),
        severity: 'HIGH',
        published: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        href: expect.stringMatching(/^\/security\/[A-Z]+-SA-2026-\d{4}$/),
      },
    ]);
  });

  it('refuses a query string with a message', async () => {
    const response = await demo.get('/v1/home-news?limit=1e9999', undefined, { remoteAddress: demo.freshClient() });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: expect.any(String) });
  });
});

describe('homeNews', () => {
  const advisory = (advisoryId: string, kind: 'advisory' | 'vex', currentReleaseDate: string): AdvisoryListItem => ({
    advisoryId,
    kind,
    title: `Title of ${advisoryId}`,
    severity: kind === 'vex' ? null : 'MEDIUM',
    baseScore: null,
    cves: [],
    products: [],
    initialReleaseDate: currentReleaseDate,
    currentReleaseDate,
    version: '1',
    csafUrl: '/x.json',
  });

  it('names the three newest advisories by their current revision, never a not-affected statement', async () => {
    const snapshot = await demo.portal.app.catalogue.get();
    const advisories = [
      advisory('ACME-SA-2026-0001', 'advisory', '2026-01-01T00:00:00.000Z'),
      advisory('ACME-VEX-2026-0002', 'vex', '2026-06-01T00:00:00.000Z'),
      advisory('ACME-SA-2026-0003', 'advisory', '2026-03-01T00:00:00.000Z'),
      advisory('ACME-SA-2026-0004', 'advisory', '2026-02-01T00:00:00.000Z'),
      advisory('ACME-SA-2026-0005', 'advisory', '2026-04-01T00:00:00.000Z'),
    ];
    const news = homeNews(snapshot, advisories, '2026-11-27');
    expect(news.advisories.map((item) => item.advisoryId)).toEqual([
      'ACME-SA-2026-0005',
      'ACME-SA-2026-0003',
      'ACME-SA-2026-0004',
    ]);
  });

  it('names no Cornerstone version released after today', async () => {
    const snapshot = await demo.portal.app.catalogue.get();
    expect(homeNews(snapshot, [], '2025-05-19').cornerstone).toEqual({
      version: '2.9.0',
      releaseDate: '2024-10-01',
      href: '/cornerstone',
    });
  });
});

describe('the home page as served', () => {
  const HOME = (news: string) =>
    `<!DOCTYPE html><html><head><title>Home</title></head><body><h1>Home</h1><div id="home-news">${news}</div><script>window.x = 1;</script></body></html>`;
  let dir: string;
  let build: WebBuild;
  let empty: TestApp;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'home-news-'));
    await mkdir(path.join(dir, 'client/404'), { recursive: true });
    await mkdir(path.join(dir, 'client/de'), { recursive: true });
    await writeFile(path.join(dir, 'client/index.html'), HOME(HOME_NEWS_PLACEHOLDER));
    await writeFile(path.join(dir, 'client/de/index.html'), HOME(HOME_NEWS_PLACEHOLDER));
    await writeFile(path.join(dir, 'client/404/index.html'), HOME('Not found'));
    // The words the web build's messages plugin writes (apps/web/i18n/vite-plugin.ts), English and German.
    const words = (released: string, nothing: string, firmware: string) => ({
      'home-news.released': released,
      'home-news.published': released,
      'home-news.nothingPublished': nothing,
      'home-news.noScore': 'No score',
      'home-news.noneSeverity': 'None severity',
      'home-news.lowSeverity': 'Low severity',
      'home-news.mediumSeverity': 'Medium severity',
      'home-news.highSeverity': 'High severity',
      'home-news.criticalSeverity': 'Critical severity',
      'home-news.cornerstoneRelease': 'Cornerstone {version}',
      'home-news.firmwareRelease': firmware,
    });
    await writeFile(
      path.join(dir, 'messages.json'),
      JSON.stringify({
        imports: {},
        texts: {
          en: words('Released', 'Nothing is published yet.', '{instrument} firmware {version}'),
          de: words('Veröffentlicht am', 'Bisher ist nichts veröffentlicht.', '{instrument}-Firmware {version}'),
        },
      }),
    );
    build = await loadWebBuild(dir, {
      makerName: 'Acme',
      chromatofDownloadsUrl: '/v1/chromatof/downloads',
      reportErrors: false,
      makerLogoUrl: '',
      downloadRecordsRetentionDays: 400,
      telemetryRetentionDays: 400,
      draftExpiryDays: 7,
    });
    empty = await createTestApp({ webBuild: build, withDataDir: true });
    empty.app.log.level = 'silent';
  });
  afterAll(async () => {
    await empty.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('says nothing is published yet, then, after a publish and without a restart, what the publish brought', async () => {
    const before = await empty.app.inject({ method: 'GET', url: '/' });
    expect(before.statusCode).toBe(200);
    expect(before.body).toContain('<div id="home-news"><p class="news-empty">Nothing is published yet.</p></div>');
    const german = await empty.app.inject({ method: 'GET', url: '/de' });
    expect(german.body).toContain('<p class="news-empty">Bisher ist nichts veröffentlicht.</p>');
    expect(before.body).not.toContain(HOME_NEWS_PLACEHOLDER);

    await importFolder(DEMO_CATALOGUE_DIR, {
      db: empty.database.db,
      secretKey: empty.app.secretKey,
      blobStore: empty.app.blobStore,
    });
    // The publish's NOTIFY reaches the portal's listener, which drops its snapshot.
    await expect
      .poll(async () => (await empty.app.inject({ method: 'GET', url: '/' })).body, { timeout: 10_000 })
      .toContain('<a href="/cornerstone">Cornerstone 2.10.0</a>');
    const after = await empty.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    const news = (await empty.app.inject({ method: 'GET', url: '/v1/home-news' })).json<HomeNews>();
    const served = (await empty.app.inject({ method: 'GET', url: '/index.html' })).body;
    expect(served).toContain(`<div id="home-news">${homeNewsHtml(news, homeNewsWords(build.texts, 'en'))}</div>`);
    expect(served).toContain('<a href="/metallographics/px/firmware">PX firmware v010 (002.002.010)</a>');
    // The German home page: German words and dates, each link to the German page.
    const inGerman = (await empty.app.inject({ method: 'GET', url: '/de' })).body;
    expect(inGerman).toContain(
      '<a href="/de/cornerstone">Cornerstone 2.10.0</a><span class="news-date">Veröffentlicht am <time datetime="2025-05-20">20. Mai 2025</time>',
    );
    expect(inGerman).toContain('<a href="/de/metallographics/px/firmware">PX-Firmware v010 (002.002.010)</a>');
    // The page's CSP still names its inline script.
    expect(after.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-/);
  });
});
