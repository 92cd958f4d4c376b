import { Type, type Static } from 'typebox';
import { DISK_NAMES } from './disk-space';

/** The staff Usage screen's figures (docs/telemetry.md), read from daily rollups. */
export const USAGE_PATHS = { usage: '/v1/usage' } as const;

/** The date ranges the Usage screen offers, in days; the first is the default. */
export const USAGE_RANGE_DAYS = [7, 30, 90, 365] as const;
export type UsageRangeDays = (typeof USAGE_RANGE_DAYS)[number];

export const UsageQuery = Type.Object({
  days: Type.Union([Type.Literal(7), Type.Literal(30), Type.Literal(90), Type.Literal(365)], {
    default: USAGE_RANGE_DAYS[0],
  }),
});
export type UsageQuery = Static<typeof UsageQuery>;

/**
 * What a download was of, as the catalogue knows it: an offline installer, a PIB, a DSV, a
 * file of a ChromaTOF release; 'other' for a file none of them publishes (release notes
 * published on their own).
 */
export const DOWNLOAD_SOURCES = ['offline-installer', 'pib', 'dsv', 'chromatof', 'other'] as const;
export type DownloadSource = (typeof DOWNLOAD_SOURCES)[number];

/** A calendar day in UTC, YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const UsageReport = Type.Object(
  {
    days: Type.Integer(),
    /** First and last day of the range, both included (UTC). */
    from: Day,
    to: Day,
    pageViews: Type.Array(Type.Object({ day: Day, views: Type.Integer() })),
    downloads: Type.Array(
      Type.Object({
        day: Day,
        product: Type.String(),
        version: Type.String(),
        /** What the downloads were of: the Usage screen charts ChromaTOF's apart. */
        source: Type.Enum(DOWNLOAD_SOURCES),
        downloads: Type.Integer(),
      }),
    ),
    lookups: Type.Array(Type.Object({ day: Day, lookups: Type.Integer(), failed: Type.Integer() })),
    topVersions: Type.Array(Type.Object({ product: Type.String(), version: Type.String(), downloads: Type.Integer() })),
    /** Answered fetches of the update feeds per day (docs/feeds.md): private feeds, firmware feeds. */
    feedFetches: Type.Array(Type.Object({ day: Day, private: Type.Integer(), firmware: Type.Integer() })),
    /** Errors per day; null while REPORT_ERRORS is off. */
    errors: Type.Union([Type.Array(Type.Object({ day: Day, errors: Type.Integer() })), Type.Null()]),
    /**
     * Telemetry events dropped in the range to keep the disk safe: past the day's budgets
     * (TELEMETRY_EVENTS_PER_ADDRESS_PER_DAY, TELEMETRY_EVENTS_PER_DAY) or below the free-space
     * floor (TELEMETRY_MIN_FREE_DISK_MB). The figures above do not count them.
     */
    telemetryDropped: Type.Object({ overBudget: Type.Integer(), lowDisk: Type.Integer() }),
    /**
     * The disks the portal writes, as the portal that answered sees them now; `low` below a
     * tenth of the disk or 1 GiB (docs/operations.md#when-things-fail).
     */
    disks: Type.Array(
      Type.Object({
        name: Type.Enum(DISK_NAMES),
        freeBytes: Type.Integer({ minimum: 0 }),
        sizeBytes: Type.Integer({ minimum: 0 }),
        low: Type.Boolean(),
      }),
    ),
  },
  { $id: 'UsageReport' },
);
export type UsageReport = Static<typeof UsageReport>;
