import { LOOKUP_EVENT_NAMES, type UsageReport } from '@portal/contracts';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';

const DAY_MS = 24 * 60 * 60_000;
const TOP_VERSIONS = 10;

/**
 * What a file is a download of: the offline installer of a Cornerstone version, a PIB, a
 * DSV, or else its file name. Read here by SQL from the catalogue and the download records,
 * which belong to other features (docs/telemetry.md).
 */
const DOWNLOADS_BY_PRODUCT = sql`
  SELECT d.downloaded_at,
         COALESCE(fp.product, 'Other') AS product,
         COALESCE(fp.version, f.name) AS version
    FROM downloads d
    JOIN files f ON f.id = d.file_id
    LEFT JOIN LATERAL (
      SELECT 'Cornerstone' AS product, v.name AS version FROM versions v WHERE v.offline_installer_file_id = d.file_id
      UNION ALL
      SELECT p.product || ' PIB', p.version FROM pibs p WHERE p.file_id = d.file_id
      UNION ALL
      SELECT 'Cornerstone DSV', s.version FROM dsvs s WHERE s.file_id = d.file_id
      LIMIT 1
    ) fp ON true`;

/**
 * The Usage screen's figures for the last `days` days (UTC, today included): page views,
 * lookups and errors from the daily rollups (a few hundred rows for a year), downloads from
 * the download records.
 */
export async function usageReport(
  db: Database,
  { days, reportErrors, now = new Date() }: { days: number; reportErrors: boolean; now?: Date },
): Promise<UsageReport> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10);
  const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

  const [pageViews, downloads, lookups, topVersions, errors] = await Promise.all([
    rows<{ day: string; views: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(views)::int AS views
        FROM telemetry_page_views_daily WHERE day >= ${from}::date
       GROUP BY day ORDER BY day`),
    rows<{ day: string; product: string; version: string; downloads: number }>(sql`
      SELECT to_char(downloaded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, product, version, count(*)::int AS downloads
        FROM (${DOWNLOADS_BY_PRODUCT} WHERE d.downloaded_at >= ${from}::date AT TIME ZONE 'UTC') AS x
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`),
    rows<{ day: string; lookups: number; failed: number }>(sql`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(events)::int AS lookups,
             (sum(events) FILTER (WHERE outcome <> 'found'))::int AS failed
        FROM telemetry_events_daily
       WHERE day >= ${from}::date AND name IN (${sql.join(
         LOOKUP_EVENT_NAMES.map((name) => sql`${name}`),
         sql`, `,
       )})
       GROUP BY day ORDER BY day`),
    rows<{ product: string; version: string; downloads: number }>(sql`
      SELECT product, version, count(*)::int AS downloads
        FROM (${DOWNLOADS_BY_PRODUCT} WHERE d.downloaded_at >= ${from}::date AT TIME ZONE 'UTC') AS x
       GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${TOP_VERSIONS}`),
    reportErrors
      ? rows<{ day: string; errors: number }>(sql`
          SELECT to_char(day, 'YYYY-MM-DD') AS day, errors::int AS errors
            FROM telemetry_errors_daily WHERE day >= ${from}::date ORDER BY day`)
      : Promise.resolve(null),
  ]);
  return {
    days,
    from,
    to,
    pageViews,
    downloads,
    lookups: lookups.map((row) => ({ ...row, failed: row.failed ?? 0 })),
    topVersions,
    errors,
  };
}
