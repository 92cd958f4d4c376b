// The measurements of bench/telemetry.bench.mjs, run with tsx so they call the portal's
// own ingest and report code on a private embedded PostgreSQL server.
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connectDatabase } from '../../apps/api/src/db/connect';
import { startEmbeddedServer } from '../../apps/api/src/db/embedded-server';
import { applyMigrations } from '../../apps/api/src/db/migrate';
import { classifyBatch, storeEvents } from '../../apps/api/src/features/telemetry/ingest';
import { telemetryEvents } from '../../apps/api/src/features/telemetry/telemetry-tables';
import { usageReport } from '../../apps/api/src/features/usage/usage-report';

const BATCH_EVENTS = Number(process.env.BENCH_BATCH_EVENTS ?? 500);
const BATCHES = Number(process.env.BENCH_BATCHES ?? 200);
const CONCURRENCY = 4;
const DASHBOARD_EVENTS = Number(process.env.BENCH_DASHBOARD_EVENTS ?? 1_000_000);
const DASHBOARD_RUNS = 5;
const PATHS = ['/', '/cornerstone', '/cornerstone/offline', '/cornerstone/pibs', '/chromatof', '/privacy', '/service'];
const NAMES = ['Looked up offline installers', 'Looked up PIBs', 'Looked up DSVs', 'Started a download'] as const;
const OUTCOMES = ['found', 'invalid', 'failed'] as const;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

function batch(seed: number): unknown[] {
  const now = Date.now();
  return Array.from({ length: BATCH_EVENTS }, (_, i) => {
    const n = seed * BATCH_EVENTS + i;
    const common = {
      at: now - (n % 3) * 86_400_000,
      session: n.toString(16).padStart(32, '0'),
      path: PATHS[n % PATHS.length],
    };
    return n % 4 === 0
      ? { kind: 'event', ...common, name: NAMES[n % NAMES.length], outcome: OUTCOMES[n % OUTCOMES.length] }
      : { kind: 'page-view', ...common };
  });
}

async function inParallel(count: number, work: (index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-bench-telemetry-'));
chmodSync(dir, 0o755);
const server = await startEmbeddedServer(path.join(dir, 'pg'));
const { db, pool } = await connectDatabase(server.url, { max: CONCURRENCY + 1 });
try {
  await applyMigrations(pool, path.join(import.meta.dirname, '../../apps/api/drizzle'));
  const batches = Array.from({ length: BATCHES }, (_, i) => batch(i));
  const classified = batches.map(
    (events) => classifyBatch(events, { userAgent: UA, reportErrors: false, now: Date.now() }).rows,
  );
  const truncate = () =>
    pool.query('TRUNCATE telemetry_events, telemetry_page_views_daily, telemetry_events_daily, telemetry_errors_daily');

  const rates = { bare: [] as number[], ingest: [] as number[] };
  for (let run = 1; run <= 3; run++) {
    await truncate();
    let start = performance.now();
    await inParallel(BATCHES, async (i) => {
      await db.insert(telemetryEvents).values(classified[i]!);
    });
    const bare = (BATCHES * BATCH_EVENTS) / ((performance.now() - start) / 1000);
    await truncate();
    start = performance.now();
    await inParallel(BATCHES, async (i) => {
      const { rows } = classifyBatch(batches[i]!, { userAgent: UA, reportErrors: false, now: Date.now() });
      await storeEvents(db, rows);
    });
    const ingest = (BATCHES * BATCH_EVENTS) / ((performance.now() - start) / 1000);
    rates.bare.push(bare);
    rates.ingest.push(ingest);
    console.log(
      `run ${run}: bare multi-row insert ${Math.round(bare)} events/s; ingest (checks + insert + rollups) ${Math.round(ingest)} events/s (${((ingest / bare) * 100).toFixed(0)}%)`,
    );
  }
  console.log(
    `median: ingest ${Math.round(median(rates.ingest))} events/s, ${((median(rates.ingest) / median(rates.bare)) * 100).toFixed(0)}% of the bare insert (${BATCHES} batches of ${BATCH_EVENTS}, ${CONCURRENCY} at a time)`,
  );

  // The dashboard over DASHBOARD_EVENTS events spread over 400 days, rollups built from them.
  await truncate();
  let start = performance.now();
  await pool.query(
    `INSERT INTO telemetry_events (kind, occurred_at, session, path, name, outcome)
     SELECT CASE WHEN n % 4 = 0 THEN 'event' ELSE 'page-view' END,
            now() - (n % 400) * interval '1 day' - (n % 86400) * interval '1 second',
            md5(n::text),
            (ARRAY['/', '/cornerstone', '/cornerstone/offline', '/cornerstone/pibs', '/privacy'])[n % 5 + 1],
            CASE WHEN n % 4 = 0 THEN (ARRAY['Looked up offline installers', 'Looked up PIBs', 'Started a download'])[n % 3 + 1] END,
            CASE WHEN n % 4 = 0 AND n % 3 < 2 THEN (ARRAY['found', 'invalid', 'failed'])[n % 3 + 1] END
       FROM generate_series(1, $1::int) AS n`,
    [DASHBOARD_EVENTS],
  );
  await pool.query(`INSERT INTO telemetry_page_views_daily (day, path, views)
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, path, count(*) FROM telemetry_events WHERE kind = 'page-view' GROUP BY 1, 2`);
  await pool.query(`INSERT INTO telemetry_events_daily (day, name, outcome, events)
    SELECT (occurred_at AT TIME ZONE 'UTC')::date, name, coalesce(outcome, ''), count(*) FROM telemetry_events WHERE kind = 'event' GROUP BY 1, 2, 3`);
  await pool.query('ANALYZE');
  console.log(
    `generated ${DASHBOARD_EVENTS} events and their rollups in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );

  for (const days of [30, 365]) {
    const timings: number[] = [];
    for (let run = 0; run < DASHBOARD_RUNS; run++) {
      start = performance.now();
      await usageReport(db, { days, reportErrors: true });
      timings.push(performance.now() - start);
    }
    const raw: number[] = [];
    for (let run = 0; run < DASHBOARD_RUNS; run++) {
      start = performance.now();
      await pool.query(
        `SELECT (occurred_at AT TIME ZONE 'UTC')::date AS day, count(*) FROM telemetry_events
          WHERE kind = 'page-view' AND occurred_at >= now() - $1::int * interval '1 day' GROUP BY 1`,
        [days],
      );
      raw.push(performance.now() - start);
    }
    console.log(
      `dashboard, ${days} days over ${DASHBOARD_EVENTS} events: GET /v1/usage queries ${median(timings).toFixed(1)} ms (median of ${DASHBOARD_RUNS}); page views per day from the raw events alone ${median(raw).toFixed(1)} ms`,
    );
  }
} finally {
  await pool.end();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
