import { LOOKUP_EVENT_NAMES, type UsageReport } from '@portal/contracts';
import type { Database } from '../../db/connect';
import { dailyFeedFetches } from '../feeds/queries';
import { dailyDownloadsByProduct, topDownloads } from '../files/queries';
import { dailyErrors, dailyEvents, dailyPageViews, droppedTelemetry } from '../telemetry/queries';

const DAY_MS = 24 * 60 * 60_000;
const TOP_VERSIONS = 10;

/**
 * The Usage screen's figures for the last `days` days (UTC, today included): page views,
 * lookups and errors from the daily rollups (a few hundred rows for a year), downloads from
 * the download records, feed fetches from the feeds' daily counts. Usage owns no table: it asks the features that do, through their
 * query functions (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */
export async function usageReport(
  db: Database,
  { days, reportErrors, now = new Date() }: { days: number; reportErrors: boolean; now?: Date },
): Promise<Omit<UsageReport, 'disks'>> {
  const to = now.toISOString().slice(0, 10);
  const from = new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10);

  const [pageViews, downloads, lookups, topVersions, feedFetches, errors, telemetryDropped] = await Promise.all([
    dailyPageViews(db, from),
    dailyDownloadsByProduct(db, from),
    dailyEvents(db, from, LOOKUP_EVENT_NAMES),
    topDownloads(db, from, TOP_VERSIONS),
    dailyFeedFetches(db, from),
    reportErrors ? dailyErrors(db, from) : Promise.resolve(null),
    droppedTelemetry(db, from),
  ]);
  return {
    days,
    from,
    to,
    pageViews,
    downloads,
    lookups: lookups.map(({ day, events, failed }) => ({ day, lookups: events, failed: failed ?? 0 })),
    topVersions,
    feedFetches,
    errors,
    telemetryDropped,
  };
}
