import {
  ErrorBody,
  TELEMETRY_MAX_BODY_BYTES,
  TELEMETRY_PATHS,
  TelemetryAccepted,
  TelemetryBatch,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { TelemetryBudget } from './budget';
import { classifyBatch, purgeExpiredTelemetry, storedOn, storeEvents } from './ingest';

const PURGE_INTERVAL_MS = 60 * 60_000;

const tooManyResponse = () => ({ statusCode: 429, message: 'Too many telemetry batches. Please slow down.' });

/**
 * Anonymous usage telemetry from the browser (docs/telemetry.md): events checked one by one
 * against their kind's schema, written in one multi-row insert per batch with the daily
 * rollups incremented, and deleted after TELEMETRY_RETENTION_DAYS by an hourly clean-up.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const { config } = app;

  let purging: Promise<void> | undefined;
  const purge = () => {
    purging ??= purgeExpiredTelemetry(app.db, config.telemetryRetentionDays)
      .catch((error: unknown) => app.log.warn({ err: error }, 'could not delete expired telemetry'))
      .finally(() => (purging = undefined));
  };
  const budget = new TelemetryBudget(
    {
      perAddressPerDay: config.telemetryEventsPerAddressPerDay,
      perDay: config.telemetryEventsPerDay,
      minFreeDiskBytes: config.telemetryMinFreeDiskMb * 1e6,
      dataDir: config.dataDir,
    },
    (day) => storedOn(app.db, day),
    (line, fields) => app.log.warn(fields, line),
  );
  const timer = setInterval(purge, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await purging;
  });

  app.post(
    TELEMETRY_PATHS.ingest,
    {
      bodyLimit: TELEMETRY_MAX_BODY_BYTES,
      // If the limit's store fails (Redis away), telemetry still flows: it is not worth an outage.
      onRequest: app.limitPerClient('telemetry-batches', {
        max: config.telemetryBatchesPerAddressPerMinute,
        timeWindow: '1 minute',
        onOutage: 'open',
        errorResponseBuilder: tooManyResponse,
      }),
      schema: {
        tags: ['telemetry'],
        summary: 'Anonymous page views, usage events and (with REPORT_ERRORS) error reports from the browser',
        body: TelemetryBatch,
        response: { 202: TelemetryAccepted, 400: ErrorBody, 413: ErrorBody, 415: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const { rows, dropped } = classifyBatch(request.body.events, {
        userAgent: request.headers['user-agent'],
        reportErrors: config.reportErrors,
        now: Date.now(),
      });
      const granted = await budget.grant(request.ip, rows.length);
      const stored = rows.slice(0, granted.allowed);
      budget.stored(await storeEvents(app.db, stored, granted));
      const answer = {
        accepted: stored.length,
        dropped: { ...dropped, overBudget: granted.overBudget, lowDisk: granted.lowDisk },
      };
      app.metrics.telemetryEvents.inc({ outcome: 'accepted' }, answer.accepted);
      for (const [reason, count] of Object.entries(answer.dropped)) {
        if (count > 0) app.metrics.telemetryEvents.inc({ outcome: reason }, count);
      }
      return reply.status(202).send(answer);
    },
  );
};

export const telemetryRoutes = fp(routes, {
  name: 'telemetry-routes',
  dependencies: ['config', 'database', 'rate-limit', 'metrics'],
  encapsulate: true,
});
