import {
  keyIdDownloadsAuthorization,
  TELEMETRY_PATHS,
  USAGE_PATHS,
  type ChromatofDownload,
  type HalLinks,
  type UsageReport,
  type Versions,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../../test/demo-portal';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SESSION = '0123456789abcdef0123456789abcdef';

describe('GET /v1/usage', () => {
  const demo = useDemoPortal({ env: { REPORT_ERRORS: 'true' } });

  const usage = async (days: number) => {
    const response = await demo.get(`${USAGE_PATHS.usage}?days=${days}`, demo.staff);
    expect(response.statusCode).toBe(200);
    return response.json<UsageReport>();
  };

  it('is for staff only, and offers the ranges of the screen', async () => {
    expect((await demo.get(`${USAGE_PATHS.usage}?days=7`)).statusCode).toBe(401);
    expect((await demo.get(`${USAGE_PATHS.usage}?days=5`, demo.staff)).statusCode).toBe(400);
    const response = await demo.get(USAGE_PATHS.usage, demo.staff);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ days: 7, pageViews: [], downloads: [], lookups: [], errors: [] });
  });

  it('counts page views, lookups with their failures, downloads by product and version, and errors', async () => {
    const at = Date.now();
    const event = (name: string, outcome: string) => ({
      kind: 'event',
      at,
      session: SESSION,
      path: '/cornerstone/offline',
      name,
      outcome,
    });
    const ingest = await demo.portal.app.inject({
      method: 'POST',
      url: TELEMETRY_PATHS.ingest,
      headers: { 'user-agent': BROWSER },
      payload: {
        events: [
          { kind: 'page-view', at, session: SESSION, path: '/' },
          { kind: 'page-view', at, session: SESSION, path: '/cornerstone/offline' },
          event('Looked up offline installers', 'found'),
          event('Looked up offline installers', 'invalid'),
          event('Looked up PIBs', 'found'),
          { kind: 'error', at, session: SESSION, path: '/', message: 'boom' },
        ],
      },
    });
    expect(ingest.json()).toMatchObject({ accepted: 6 });

    const versions = (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    const installer = new URL(versions['2.8.1']!.offlineInstaller!, 'http://portal.test');
    expect((await demo.get(installer.pathname + installer.search)).statusCode).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    // Downloads are written in batches, at the latest a second after the first (download-records.ts): under
    // load that second and the query may take longer than the poll's default second.
    await expect
      .poll(async () => (await usage(7)).topVersions, { timeout: 5_000 })
      .toEqual([{ product: 'Cornerstone', version: '2.8.1', downloads: 1 }]);
    const report = await usage(30);
    expect(report).toMatchObject({
      days: 30,
      to: today,
      pageViews: [{ day: today, views: 2 }],
      lookups: [{ day: today, lookups: 3, failed: 1 }],
      downloads: [{ day: today, product: 'Cornerstone', version: '2.8.1', downloads: 1 }],
      errors: [{ day: today, errors: 1 }],
    });
  });
  it("counts a ChromaTOF release's download as ChromaTOF's, by product and version, not as Other", async () => {
    const key = keyIdDownloadsAuthorization('DEMO-KEY-2001');
    const remoteAddress = demo.freshClient();
    const links = async (url: string) =>
      Object.values((await demo.get(url, key, { remoteAddress })).json<HalLinks>()._links);
    const [product] = await links('/v1/chromatof/downloads');
    const files = await Promise.all(
      (await links(product!.href)).map(async (link) =>
        (await demo.get(link.href, key, { remoteAddress })).json<ChromatofDownload>(),
      ),
    );
    const installer = files.find((file) => file.version === '6.1.0' && file.kind === 'installer')!;
    expect((await demo.get(installer.uri)).statusCode).toBe(200);

    const today = new Date().toISOString().slice(0, 10);
    await expect
      .poll(async () => (await usage(7)).downloads.filter((row) => row.source === 'chromatof'), { timeout: 5_000 })
      .toEqual([{ day: today, product: 'ChromaTOF', version: '6.1.0', source: 'chromatof', downloads: 1 }]);
    expect((await usage(7)).downloads.filter((row) => row.product === 'Other')).toEqual([]);
  });
});

describe('GET /v1/usage with REPORT_ERRORS off', () => {
  const demo = useDemoPortal();

  it('has no error figures at all', async () => {
    const response = await demo.get(USAGE_PATHS.usage, demo.staff);
    expect(response.json()).toMatchObject({ errors: null });
  });
});
