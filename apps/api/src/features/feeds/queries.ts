import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { feedFetchesDaily } from './feeds-tables';

/**
 * What other features may ask of the feeds: read-only queries, the feature's public entry
 * (docs/decisions/105-catalogue-sections-own-their-tables.md). The Usage screen asks how
 * often the feeds were fetched.
 */

/** Feed fetches per UTC day since `from`: private feeds and firmware feeds. */
export async function dailyFeedFetches(db: Database, from: string) {
  const { rows } = await db.execute<{ day: string; private: number; firmware: number }>(sql`
    SELECT to_char(${feedFetchesDaily.day}, 'YYYY-MM-DD') AS day,
           (sum(${feedFetchesDaily.fetches}) FILTER (WHERE ${feedFetchesDaily.feed} = 'private'))::int AS private,
           (sum(${feedFetchesDaily.fetches}) FILTER (WHERE ${feedFetchesDaily.feed} = 'firmware'))::int AS firmware
      FROM ${feedFetchesDaily} WHERE ${feedFetchesDaily.day} >= ${from}::date
     GROUP BY 1 ORDER BY 1`);
  return rows.map((row) => ({ day: row.day, private: row.private ?? 0, firmware: row.firmware ?? 0 }));
}
