import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { disksNow, type DiskSpace } from './disks';

/**
 * What the portal counts for Prometheus (docs/operations.md#metrics, decision 132). Labels
 * are closed sets (route patterns, status classes, modes, reasons): never a URL, an ID or an
 * address, so no series names a customer and their number stays bounded.
 */
export interface PortalMetrics {
  registry: Registry;
  filesDelivered: Counter<'mode'>;
  bytesDelivered: Counter<'mode'>;
  brakeRefusals: Counter;
  signInMailsSent: Counter;
  publishesSeen: Counter;
  telemetryEvents: Counter<'outcome'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: PortalMetrics;
  }
}

/** Request durations from a cached lookup (a millisecond) to a slow download hand-off. */
const DURATION_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The label of a request that matched no route: its URL could be anything. */
const UNMATCHED = 'unmatched';

export default fp(
  async function metrics(app: FastifyInstance) {
    const registry = new Registry();
    // Without METRICS_PORT nobody scrapes: no event-loop sampling, no per-request hook on the hot path.
    const scraped = app.config.metricsPort !== undefined;
    // RSS (process_resident_memory_bytes), event-loop delay (nodejs_eventloop_lag_*), heap, GC.
    if (scraped) collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const requests = new Counter({
      name: 'portal_http_requests_total',
      help: 'Requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers: [registry],
    });
    const durations = new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time to answer a request, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      buckets: DURATION_BUCKETS,
      registers: [registry],
    });
    const pool = app.pool;
    new Gauge({
      name: 'portal_db_pool_connections',
      help: 'Connections of the database pool: all, idle, and requests waiting for one',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    const availability = app.databaseAvailability;
    new Gauge({
      name: 'portal_db_up',
      help: 'Whether the database answers: 1, or 0 while it is away (requests that need it answer 503)',
      registers: [registry],
      collect() {
        this.set(availability.up ? 1 : 0);
      },
    });
    new Counter({
      name: 'portal_db_restarts_total',
      help: 'Times the embedded PostgreSQL server was started again after it died',
      registers: [registry],
      collect() {
        this.reset();
        this.inc(availability.restarts);
      },
    });

    // Measured when scraped: a statfs per disk, once for both gauges of a scrape (the second
    // asks within the second), nothing kept between scrapes.
    const config = app.config;
    let measured: { atMs: number; disks: ReturnType<typeof disksNow> } | undefined;
    const disksOfScrape = () => {
      const nowMs = Date.now();
      if (!measured || nowMs - measured.atMs > 1_000) measured = { atMs: nowMs, disks: disksNow(config) };
      return measured.disks;
    };
    const diskGauge = (name: string, help: string, of: (disk: DiskSpace) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['disk'] as const,
        registers: [registry],
        async collect() {
          const disks = await disksOfScrape();
          this.reset();
          for (const disk of disks) this.set({ disk: disk.name }, of(disk));
        },
      });
    diskGauge(
      'portal_disk_free_bytes',
      'Free space of each disk the portal writes (uploads, files, database, outbox), as the portal may use it',
      (disk) => disk.freeBytes,
    );
    diskGauge(
      'portal_disk_size_bytes',
      'Size of each disk the portal writes (uploads, files, database, outbox)',
      (disk) => disk.sizeBytes,
    );

    const portalMetrics: PortalMetrics = {
      registry,
      filesDelivered: new Counter({
        name: 'portal_files_delivered_total',
        help: 'Published files answered with their bytes (or handed to a bucket or nginx), by FILE_DELIVERY mode',
        labelNames: ['mode'] as const,
        registers: [registry],
      }),
      bytesDelivered: new Counter({
        name: 'portal_bytes_delivered_total',
        help: 'Bytes of published files sent or handed over, by FILE_DELIVERY mode',
        labelNames: ['mode'] as const,
        registers: [registry],
      }),
      brakeRefusals: new Counter({
        name: 'portal_brake_refusals_total',
        help: 'Requests refused with 429 by the guessing brake',
        registers: [registry],
      }),
      signInMailsSent: new Counter({
        name: 'portal_sign_in_mails_sent_total',
        help: 'Sign-in mails handed to SMTP or the outbox',
        registers: [registry],
      }),
      publishesSeen: new Counter({
        name: 'portal_publishes_total',
        help: 'Catalogue publishes this portal was told of (from any process: the import command, another portal)',
        registers: [registry],
      }),
      telemetryEvents: new Counter({
        name: 'portal_telemetry_events_total',
        help: 'Telemetry events: accepted, or dropped with the reason (schema, tooOld, bot, reportingOff, overBudget, lowDisk)',
        labelNames: ['outcome'] as const,
        registers: [registry],
      }),
    };
    app.decorate('metrics', portalMetrics);

    if (scraped)
      app.addHook('onResponse', async (request, reply) => {
        // The pattern Fastify matched (`/v1/files/:fileId/:fileName`), never the URL itself.
        const route = request.routeOptions.url ?? UNMATCHED;
        const labels = {
          method: request.method,
          route,
          status_class: `${Math.floor(reply.statusCode / 100)}xx`,
        };
        requests.inc(labels);
        durations.observe(labels, reply.elapsedTime / 1000);
      });
  },
  { name: 'metrics', dependencies: ['config', 'database'] },
);

/**
 * The `/metrics` listener on a port of its own (METRICS_PORT), so the public port never
 * serves it and a firewall can keep it to the scraper. Everything else is a 404.
 */
export async function serveMetrics(registry: Registry, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': registry.contentType }).end(text),
      (error: Error) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
