import type { DownloadSource } from '@portal/contracts';
import { inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { downloadOf } from '../../plugins/catalogue/sections';
import { downloads } from './download-records';

/**
 * What other features may ask of the download records: read-only queries, the files
 * feature's public entry (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */

/**
 * Every download since `from` (a UTC date), with what it was a download of: the catalogue
 * asks each section (downloadOf); a file none of them claims is 'Other', by its own name.
 */
const downloadsByProductSince = (from: string) => sql`
  SELECT ${downloads.downloadedAt} AS downloaded_at,
         COALESCE(published.product, 'Other') AS product,
         COALESCE(published.version, ${files.name}) AS version,
         COALESCE(published.source, 'other') AS source
    FROM ${downloads}
    JOIN ${files} ON ${files.id} = ${downloads.fileId}
    LEFT JOIN LATERAL (${downloadOf(downloads.fileId)}) AS published ON true
   WHERE ${downloads.downloadedAt} >= ${from}::date AT TIME ZONE 'UTC'`;

/** Downloads per UTC day, product and version (and what they were of) since `from`. */
export async function dailyDownloadsByProduct(db: Database, from: string) {
  const { rows } = await db.execute<{
    day: string;
    product: string;
    version: string;
    source: DownloadSource;
    downloads: number;
  }>(sql`
    SELECT to_char(downloaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, product, version, source,
           count(*)::int AS downloads
      FROM (${downloadsByProductSince(from)}) AS x
     GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`);
  return rows;
}

/** The `limit` most downloaded products and versions since `from`. */
export async function topDownloads(db: Database, from: string, limit: number) {
  const { rows } = await db.execute<{ product: string; version: string; downloads: number }>(sql`
    SELECT product, version, count(*)::int AS downloads
      FROM (${downloadsByProductSince(from)}) AS x
     GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${limit}`);
  return rows;
}

/**
 * The one change another feature may ask of the download records: a privacy erasure
 * (features/privacy) removes every record of a registration, by its keyed digests, inside
 * the caller's transaction. Returns how many were removed.
 */
export async function eraseDownloadsOf(tx: DatabaseExecutor, registrationDigests: string[]): Promise<number> {
  if (registrationDigests.length === 0) return 0;
  const removed = await tx
    .delete(downloads)
    .where(inArray(downloads.registrationDigest, registrationDigests))
    .returning({ id: downloads.id });
  return removed.length;
}
