import { TELEMETRY_PATHS, type Versions } from '@portal/contracts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../test/demo-portal';
import { serveMetrics } from './metrics';

// As server.ts runs it with METRICS_PORT set (the test serves the registry on a port of its own).
const demo = useDemoPortal({ env: { METRICS_PORT: '9464' } });
let server: Server;
let metricsUrl: string;
beforeAll(async () => {
  server = await serveMetrics(demo.portal.app.metrics.registry, 0, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Every label value of every sample of the scrape. */
function labelValues(text: string): string[] {
  return [...text.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((match) => match[2]!);
}

describe('/metrics', () => {
  it('counts requests by route pattern, deliveries, telemetry and the process, with no ID in any label', async () => {
    const versions = (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    const link = new URL(versions['2.8.1']!.offlineInstaller!, 'http://portal.test');
    expect((await demo.get(link.pathname + link.search)).statusCode).toBe(200);
    expect((await demo.get('/v1/Cornerstone/PIB/DEMO-CS-1001')).statusCode).toBeLessThan(500);
    expect((await demo.get('/no/such/page/DEMO-CS-1001')).statusCode).toBe(404);
    await demo.portal.app.inject({
      method: 'POST',
      url: TELEMETRY_PATHS.ingest,
      headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 Firefox/133.0' },
      payload: JSON.stringify({
        events: [
          { kind: 'page-view', at: Date.now(), session: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', path: '/' },
          { kind: 'page-view', at: 0, session: 'a1b2c3d4e5f60718293a4b5c6d7e8f90', path: '/' },
        ],
      }),
    });

    const response = await fetch(metricsUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();

    expect(text).toMatch(
      /^portal_http_requests_total\{method="GET",route="\/v1\/Cornerstone\/versions",status_class="2xx"\} [1-9]/m,
    );
    expect(text).toMatch(
      /^portal_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/v1\/Cornerstone\/versions",status_class="2xx"\} /m,
    );
    // The download's route is its pattern: the file ID and the link's signature stay out.
    expect(text).toMatch(
      /^portal_http_requests_total\{method="GET",route="\/v1\/files\/:fileId\/:fileName",status_class="2xx"\} 1$/m,
    );
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="unmatched",status_class="4xx"\} 2$/m);
    expect(text).toMatch(/^portal_files_delivered_total\{mode="stream"\} 1$/m);
    expect(text).toMatch(/^portal_bytes_delivered_total\{mode="stream"\} [1-9]\d*$/m);
    expect(text).toMatch(/^portal_telemetry_events_total\{outcome="accepted"\} 1$/m);
    expect(text).toMatch(/^portal_telemetry_events_total\{outcome="tooOld"\} 1$/m);
    expect(text).toMatch(/^portal_brake_refusals_total 0$/m);
    expect(text).toMatch(/^portal_sign_in_mails_sent_total 0$/m);
    expect(text).toMatch(/^portal_publishes_total \d+$/m);
    expect(text).toMatch(/^portal_db_pool_connections\{state="total"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds [\d.e+-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);

    // Label values are patterns and closed sets: no registration ID, file ID, link signature or path.
    const values = labelValues(text);
    expect(values.length).toBeGreaterThan(10);
    for (const value of values) {
      expect(value).not.toMatch(/DEMO-|[0-9a-f]{8}-[0-9a-f]{4}|\?|no\/such/i);
    }
    expect(values.filter((value) => value.startsWith('/')).every((route) => !route.includes(link.pathname))).toBe(true);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
  });
});
