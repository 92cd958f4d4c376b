import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { feedFetchCounter } from './feed-fetch-counts';
import { dailyFeedFetches } from './queries';

let portal: TestApp;
beforeAll(async () => {
  portal = await createTestApp();
  portal.app.log.level = 'silent';
});
afterAll(() => portal.close());

const DAY = Date.parse('2026-03-01T23:59:58Z');
const days = () => dailyFeedFetches(portal.database.db, '2026-03-01');

describe('feed fetch counts', () => {
  it('are held in memory and written in one batch per interval, each on its UTC day, the rest on close', async () => {
    let now = DAY;
    const counter = feedFetchCounter(portal.database.db, portal.app.log, { now: () => now, intervalMs: 1_000 });
    for (let fetch = 0; fetch < 3; fetch++) counter.count('private');
    counter.count('firmware');
    now += 5_000; // past midnight (UTC)
    counter.count('private');
    // Nothing is written per fetch.
    expect(await days()).toEqual([]);

    // The interval's timer writes them, each on the day it was counted.
    await expect.poll(days, { timeout: 5_000 }).toEqual([
      { day: '2026-03-01', private: 3, firmware: 1 },
      { day: '2026-03-02', private: 1, firmware: 0 },
    ]);

    // A later batch adds to the day's counts; close writes what is waiting.
    counter.count('private');
    counter.count('firmware');
    await counter.close();
    expect(await days()).toEqual([
      { day: '2026-03-01', private: 3, firmware: 1 },
      { day: '2026-03-02', private: 2, firmware: 1 },
    ]);
  });

  it('are added to what other portals wrote, not written over it', async () => {
    const now = () => Date.parse('2026-04-01T12:00:00Z');
    const portals = [0, 1].map(() => feedFetchCounter(portal.database.db, portal.app.log, { now }));
    for (const counter of portals) for (let fetch = 0; fetch < 4; fetch++) counter.count('private');
    await Promise.all(portals.map((counter) => counter.flush()));
    expect(await dailyFeedFetches(portal.database.db, '2026-04-01')).toEqual([
      { day: '2026-04-01', private: 8, firmware: 0 },
    ]);
  });

  it('are written when a portal shuts down, not lost with it', async () => {
    const other = await buildApp({
      config: portal.app.config,
      db: portal.database.db,
      pool: portal.database.pool,
      secretKey: portal.app.secretKey,
      blobStore: portal.app.blobStore,
    });
    other.log.level = 'silent';
    const today = () => dailyFeedFetches(portal.database.db, new Date().toISOString().slice(0, 10));
    const before = (await today())[0]?.firmware ?? 0;
    for (let fetch = 0; fetch < 3; fetch++) {
      expect((await other.inject({ method: 'GET', url: '/v1/firmware/cx/feed.atom' })).statusCode).toBe(200);
    }
    expect((await today())[0]?.firmware ?? 0).toBe(before);
    await other.close();
    expect((await today())[0]?.firmware).toBe(before + 3);
  });
});
