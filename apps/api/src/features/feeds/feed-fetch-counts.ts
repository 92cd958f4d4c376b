import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/connect';
import { feedFetchesDaily } from './feeds-tables';
import { batchedWrites } from '../../shared/batched-writes';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Feed fetches per day, counted in memory and written in batches (feed-fetch-counts.ts):
     * the Usage screen flushes this portal's counts before it reads them.
     */
    feedFetches: FeedFetchCounter;
  }
}

export type FeedKind = 'private' | 'firmware';

export interface FeedFetchCounter {
  /** Counts one answered fetch (200 or 304) of a kind of feed for today (UTC). */
  count(feed: FeedKind): void;
  /** Writes the counts held so far; resolves once they are in the database (or logged as unwritable). */
  flush(): Promise<void>;
}

/**
 * Counts wait at most this long for others to share their write: a portal writes at most
 * one row per kind of feed and day this often, however many fetches it answered.
 */
export const FEED_FETCHES_FLUSH_INTERVAL_MS = 5_000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * Feed fetches counted in memory and added to feed_fetches_daily in one upsert per flush
 * (at most FEED_FETCHES_FLUSH_INTERVAL_MS after the first unwritten count, and on close),
 * instead of a row-locked upsert per fetch (docs/decisions/145-feeds-served-from-memory.md).
 * Counts a write could not store are kept for the next one: they are a handful of numbers.
 */
export function feedFetchCounter(
  db: Database,
  log: FastifyBaseLogger,
  { now = Date.now, intervalMs = FEED_FETCHES_FLUSH_INTERVAL_MS }: { now?: () => number; intervalMs?: number } = {},
): FeedFetchCounter & { close(): Promise<void> } {
  /** Unwritten counts by day (YYYY-MM-DD, UTC) and kind of feed. */
  let pending = new Map<string, Map<FeedKind, number>>();
  // The day is worked out once per day, not per fetch.
  let day = '';
  let dayEndsMs = 0;

  const add = (onDay: string, feed: FeedKind, fetches: number) => {
    let counts = pending.get(onDay);
    if (!counts) pending.set(onDay, (counts = new Map()));
    counts.set(feed, (counts.get(feed) ?? 0) + fetches);
  };

  // One write at a time, in order: counts a failed write gives back are added before the next.
  const writes = batchedWrites(async () => {
    const batch = pending;
    pending = new Map();
    // Sorted, so two portals flushing at once lock the rows in the same order and never deadlock.
    const rows = [...batch]
      .flatMap(([onDay, counts]) => [...counts].map(([feed, fetches]) => ({ day: onDay, feed, fetches })))
      .sort((a, b) => a.day.localeCompare(b.day) || a.feed.localeCompare(b.feed));
    if (rows.length === 0) return;
    try {
      await db
        .insert(feedFetchesDaily)
        .values(rows)
        .onConflictDoUpdate({
          target: [feedFetchesDaily.day, feedFetchesDaily.feed],
          set: { fetches: sql`${feedFetchesDaily.fetches} + excluded.fetches` },
        });
    } catch (error) {
      log.warn({ err: error }, 'could not write the feed fetch counts; they are kept for the next write');
      for (const row of rows) add(row.day, row.feed, row.fetches);
      writes.soon();
    }
  }, intervalMs);
  const flush = writes.flush;

  return {
    count(feed) {
      const nowMs = now();
      if (nowMs >= dayEndsMs || nowMs < dayEndsMs - DAY_MS) {
        day = new Date(nowMs).toISOString().slice(0, 10);
        dayEndsMs = Date.parse(day) + DAY_MS;
      }
      add(day, feed, 1);
      writes.soon();
    },
    flush,
    /** Writes whatever is waiting: a clean shutdown loses no count. */
    async close() {
      await flush();
    },
  };
}

/** `app.feedFetches`: registered before the routes that count (feeds) and read (usage) the fetches. */
export const feedFetchCounts = fp(
  async function feedFetchCountsPlugin(app: FastifyInstance) {
    const counter = feedFetchCounter(app.db, app.log);
    app.decorate('feedFetches', { count: counter.count, flush: counter.flush } satisfies FeedFetchCounter);
    app.addHook('onClose', async () => counter.close());
  },
  { name: 'feed-fetch-counts', dependencies: ['database'] },
);
