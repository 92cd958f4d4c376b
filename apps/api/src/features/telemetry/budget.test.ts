import { TELEMETRY_PATHS, USAGE_PATHS, type UsageReport } from '@portal/contracts';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { issueStaffSession } from '../../shared/staff-sessions';
import { createTestApp, type TestApp } from '../../../test/test-app';

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const SESSION = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

let portal: TestApp | undefined;
afterEach(async () => {
  await portal?.close();
  portal = undefined;
});

/** A portal with these budgets, whose warning lines are collected. */
async function portalWith(env: Record<string, string>) {
  const lines: Array<{ msg: string; level: number }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as never);
      done();
    },
  });
  // staff@example.com reads the Usage screen, which needs the admin role.
  portal = await createTestApp({
    env: { ADMIN_EMAILS: 'staff@example.com', ...env },
    withDataDir: true,
    options: { logger: { level: 'warn', stream } },
  });
  return { portal, warnings: () => lines.filter((line) => line.level === 40).map((line) => line.msg) };
}

const pageViews = (count: number) =>
  Array.from({ length: count }, () => ({ kind: 'page-view', at: Date.now(), session: SESSION, path: '/cornerstone' }));

const post = (app: TestApp, remoteAddress: string, count: number) =>
  app.app.inject({
    method: 'POST',
    url: TELEMETRY_PATHS.ingest,
    remoteAddress,
    headers: { 'user-agent': BROWSER, 'content-type': 'application/json' },
    payload: JSON.stringify({ events: pageViews(count) }),
  });

const stored = async (app: TestApp) =>
  (await app.database.pool.query<{ count: number }>('SELECT count(*)::int AS count FROM telemetry_events')).rows[0]!
    .count;

async function usage(app: TestApp) {
  const { bearer } = await issueStaffSession(app.database.db, app.app.secretKey, 'staff@example.com');
  const response = await app.app.inject({
    method: 'GET',
    url: `${USAGE_PATHS.usage}?days=7`,
    headers: { authorization: `Bearer ${bearer}` },
  });
  expect(response.statusCode).toBe(200);
  return response.json<UsageReport>();
}

describe('telemetry budgets', () => {
  it('stops storing one address at its daily budget, leaves another address alone, and counts the rest as dropped', async () => {
    const { portal } = await portalWith({
      TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY: '5',
    });
    expect((await post(portal, '203.0.113.7', 3)).json()).toMatchObject({ accepted: 3, dropped: { overBudget: 0 } });
    expect((await post(portal, '203.0.113.7', 3)).json()).toMatchObject({ accepted: 2, dropped: { overBudget: 1 } });
    expect((await post(portal, '203.0.113.7', 4)).json()).toMatchObject({ accepted: 0, dropped: { overBudget: 4 } });
    expect(await stored(portal)).toBe(5);

    expect((await post(portal, '203.0.113.8', 4)).json()).toMatchObject({ accepted: 4, dropped: { overBudget: 0 } });
    expect(await stored(portal)).toBe(9);
    expect((await usage(portal)).telemetryDropped).toEqual({ overBudget: 5, lowDisk: 0 });
  });

  it('stops every address at the portal’s daily budget, with one warning line for the day', async () => {
    const { portal, warnings } = await portalWith({ TELEMETRY_EVENTS_PER_DAY: '10' });
    expect((await post(portal, '203.0.113.1', 6)).json()).toMatchObject({ accepted: 6 });
    expect((await post(portal, '203.0.113.2', 6)).json()).toMatchObject({ accepted: 4, dropped: { overBudget: 2 } });
    expect((await post(portal, '203.0.113.3', 6)).json()).toMatchObject({ accepted: 0, dropped: { overBudget: 6 } });
    expect(await stored(portal)).toBe(10);
    expect(warnings().filter((line) => line.startsWith('telemetry budget of the day reached'))).toHaveLength(1);
  });

  it('refuses telemetry below the free-space floor, while lookups still answer', async () => {
    const { portal, warnings } = await portalWith({ TELEMETRY_MIN_FREE_DISK_MB: '100000000' });
    expect((await post(portal, '203.0.113.1', 3)).json()).toMatchObject({ accepted: 0, dropped: { lowDisk: 3 } });
    expect(await stored(portal)).toBe(0);
    expect(warnings()).toContain('telemetry refused: the data folder’s disk is below its free-space floor');
    const lookup = await portal.app.inject({
      method: 'GET',
      url: '/v1/Cornerstone/versions',
      headers: { authorization: 'Hasp id=NONE-1' },
    });
    expect(lookup.statusCode).toBeLessThan(500);
  });
});
