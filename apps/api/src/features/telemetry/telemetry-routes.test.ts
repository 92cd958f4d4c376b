import { TELEMETRY_MAX_EVENTS_PER_BATCH, TELEMETRY_PATHS } from '@portal/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { purgeExpiredTelemetry } from './ingest';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SESSION = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const DAY_MS = 24 * 60 * 60_000;

let portal: TestApp;
let nextAddress = 1;

beforeAll(async () => {
  portal = await createTestApp({ env: { REPORT_ERRORS: 'true', TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE: '7' } });
  portal.app.log.level = 'silent';
});
afterAll(async () => portal.close());
afterEach(async () => {
  await portal.database.pool.query(
    'TRUNCATE telemetry_events, telemetry_page_views_daily, telemetry_events_daily, telemetry_errors_daily',
  );
});

const post = (payload: unknown, { userAgent = BROWSER, remoteAddress = `203.0.113.${nextAddress++}` } = {}) =>
  portal.app.inject({
    method: 'POST',
    url: TELEMETRY_PATHS.ingest,
    remoteAddress,
    headers: { 'user-agent': userAgent, 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

const pageView = (path = '/cornerstone', at = Date.now()) => ({ kind: 'page-view', at, session: SESSION, path });
const pibLookup = (outcome: string) => ({
  kind: 'event',
  at: Date.now(),
  session: SESSION,
  path: '/cornerstone/pibs',
  name: 'Looked up PIBs',
  outcome,
});
const storedEvents = async () =>
  (await portal.database.pool.query('SELECT * FROM telemetry_events ORDER BY id')).rows as Record<string, unknown>[];

describe('POST /v1/telemetry', () => {
  it('stores a batch and answers 202 with what it accepted and what it dropped', async () => {
    const response = await post({
      events: [
        pageView('/'),
        pageView('/cornerstone/offline'),
        {
          kind: 'event',
          at: Date.now(),
          session: SESSION,
          path: '/cornerstone/offline',
          name: 'Looked up offline installers',
          outcome: 'found',
        },
        { kind: 'event', at: Date.now(), session: SESSION, path: '/cornerstone', name: 'Started a download' },
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      accepted: 4,
      dropped: { schema: 0, tooOld: 0, bot: 0, reportingOff: 0, overBudget: 0, lowDisk: 0 },
    });
    expect((await storedEvents()).map((row) => [row.kind, row.path, row.name, row.outcome])).toEqual([
      ['page-view', '/', null, null],
      ['page-view', '/cornerstone/offline', null, null],
      ['event', '/cornerstone/offline', 'Looked up offline installers', 'found'],
      ['event', '/cornerstone', 'Started a download', null],
    ]);
  });

  it('drops events that do not match their kind, are too old, or come from a bot, and says so', async () => {
    const response = await post({
      events: [
        pageView(),
        pageView('/cornerstone/pibs?registrationId=DEMO-CS-1001'),
        pageView('/cornerstone/DEMO-CS-1001'),
        { kind: 'event', at: Date.now(), session: SESSION, path: '/', name: 'Looked up DEMO-CS-1001' },
        { kind: 'page-view', at: Date.now(), session: SESSION, path: '/', email: 'someone@example.com' },
        { kind: 'unknown' },
        pageView('/', Date.now() - 8 * DAY_MS),
      ],
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({
      accepted: 1,
      dropped: { schema: 5, tooOld: 1, bot: 0, reportingOff: 0, overBudget: 0, lowDisk: 0 },
    });

    const bot = await post(
      { events: [pageView(), pageView()] },
      { userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1)' },
    );
    expect(bot.json()).toEqual({
      accepted: 0,
      dropped: { schema: 0, tooOld: 0, bot: 2, reportingOff: 0, overBudget: 0, lowDisk: 0 },
    });
    expect(await storedEvents()).toHaveLength(1);
  });

  it('refuses a malformed batch with a 4xx and stores nothing', async () => {
    const tooMany = Array.from({ length: TELEMETRY_MAX_EVENTS_PER_BATCH + 1 }, () => pageView());
    for (const [payload, status] of [
      ['not json', 400],
      [{ events: [] }, 400],
      [{ events: 'page-view' }, 400],
      [{ events: [pageView()], extra: 1 }, 400],
      [{ events: tooMany }, 400],
      [{ events: [{ ...pageView(), padding: 'x'.repeat(140_000) }] }, 413],
    ] as const) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(status);
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    expect(await storedEvents()).toEqual([]);
  });

  it('limits the batches of one client to TELEMETRY_BATCHES_PER_ADDRESS_PER_MINUTE, not those of the others', async () => {
    expect(portal.app.config.telemetryBatchesPerAddressPerMinute).toBe(7);
    const remoteAddress = '198.51.100.77';
    for (let i = 0; i < portal.app.config.telemetryBatchesPerAddressPerMinute; i++) {
      expect((await post({ events: [pageView()] }, { remoteAddress })).statusCode).toBe(202);
    }
    const limited = await post({ events: [pageView()] }, { remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ message: 'Too many telemetry batches. Please slow down.' });
    expect((await post({ events: [pageView()] })).statusCode).toBe(202);
  });

  it('keeps daily rollups in step with the events, across batches', async () => {
    const yesterday = Date.now() - DAY_MS;
    await post({ events: [pageView('/'), pageView('/'), pageView('/privacy'), pageView('/', yesterday)] });
    await post({
      events: [
        pageView('/'),
        pibLookup('invalid'),
        pibLookup('invalid'),
        { kind: 'error', at: Date.now(), session: SESSION, path: '/service/usage', message: 'boom' },
      ],
    });
    const today = new Date().toISOString().slice(0, 10);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const { rows: views } = await portal.database.pool.query(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, path, views::int FROM telemetry_page_views_daily ORDER BY day, path",
    );
    expect(views).toEqual([
      { day: day(yesterday), path: '/', views: 1 },
      { day: today, path: '/', views: 3 },
      { day: today, path: '/privacy', views: 1 },
    ]);
    const { rows: events } = await portal.database.pool.query(
      'SELECT name, outcome, events::int FROM telemetry_events_daily',
    );
    expect(events).toEqual([{ name: 'Looked up PIBs', outcome: 'invalid', events: 2 }]);
    const { rows: errors } = await portal.database.pool.query('SELECT errors::int FROM telemetry_errors_daily');
    expect(errors).toEqual([{ errors: 1 }]);
  });

  it('deletes events and rollups older than the retention', async () => {
    const now = Date.now();
    await post({ events: [pageView('/', now - 5 * DAY_MS), pageView('/', now - DAY_MS), pageView('/', now)] });
    await purgeExpiredTelemetry(portal.app.db, 3);
    expect(await storedEvents()).toHaveLength(2);
    const { rows } = await portal.database.pool.query('SELECT views::int FROM telemetry_page_views_daily');
    expect(rows).toHaveLength(2);
  });

  it('stores nothing that points at a person: no e-mail, ID or IP address in any row', async () => {
    await post(
      {
        events: [
          pageView('/cornerstone/offline'),
          {
            kind: 'error',
            at: Date.now(),
            session: SESSION,
            path: '/cornerstone/offline',
            message: 'Lookup of DEMO-CS-1001 for jane.doe@example.com from 192.0.2.44 failed',
            stack:
              'Error: x\n    at run (https://portal.example.com/assets/lookup-abc.js?registrationId=DEMO-CS-1001:1:20)\n    at 10.1.2.3',
          },
        ],
      },
      { remoteAddress: '192.0.2.44' },
    );
    const stored = JSON.stringify(await storedEvents());
    expect(stored).toContain('[email]');
    expect(stored).toContain('/assets/lookup-abc.js:1:20');
    for (const trace of ['DEMO-CS-1001', 'jane.doe', '@', '192.0.2.44', '10.1.2.3', 'portal.example.com', BROWSER]) {
      expect(stored).not.toContain(trace);
    }
    const { rows: columns } = await portal.database.pool.query(
      "SELECT column_name FROM information_schema.columns WHERE table_name LIKE 'telemetry%'",
    );
    expect(columns.map((column: { column_name: string }) => column.column_name)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/address|agent|ip|country|browser/)]),
    );
  });
});

describe('POST /v1/telemetry with REPORT_ERRORS off', () => {
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp({ env: { REPORT_ERRORS: 'false' } });
  });
  afterAll(async () => quiet.close());

  it('drops error reports and keeps the rest', async () => {
    const response = await quiet.app.inject({
      method: 'POST',
      url: TELEMETRY_PATHS.ingest,
      headers: { 'user-agent': BROWSER },
      payload: {
        events: [pageView(), { kind: 'error', at: Date.now(), session: SESSION, path: '/', message: 'boom' }],
      },
    });
    expect(response.json()).toEqual({
      accepted: 1,
      dropped: { schema: 0, tooOld: 0, bot: 0, reportingOff: 1, overBudget: 0, lowDisk: 0 },
    });
    const { rows } = await quiet.database.pool.query('SELECT kind FROM telemetry_events');
    expect(rows).toEqual([{ kind: 'page-view' }]);
  });
});
