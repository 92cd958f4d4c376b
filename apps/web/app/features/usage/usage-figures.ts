import type { UsageReport } from '@portal/contracts';

export interface ChartSeries {
  label: string;
  values: number[];
}

/** One figure of the Usage screen: a chart of daily values and the same numbers as a table. */
export interface Figure {
  id: string;
  title: string;
  /** Every day of the range, YYYY-MM-DD, so days without events show as zero. */
  days: string[];
  series: ChartSeries[];
  columns: string[];
  rows: (string | number)[][];
}

const DAY_MS = 24 * 60 * 60_000;
/**
 * Downloads are charted per product and version: the busiest few, then ChromaTOF's
 * (CHROMATOF_SERIES), then the rest together; six series, as many as the palette has colours.
 */
export const CHARTED_DOWNLOAD_SERIES = 4;
/** The series of every download of a ChromaTOF release (installer, manual, release notes). */
export const CHROMATOF_SERIES = 'ChromaTOF';

export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(from); time <= Date.parse(to); time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

function valuesByDay(days: string[], rows: readonly { day: string }[], value: (row: never) => number): number[] {
  const byDay = new Map<string, number>();
  for (const row of rows) byDay.set(row.day, (byDay.get(row.day) ?? 0) + value(row as never));
  return days.map((day) => byDay.get(day) ?? 0);
}

const percent = (part: number, whole: number) => (whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`);

export function usageFigures(report: UsageReport): Figure[] {
  const days = daysOf(report.from, report.to);

  const pageViews: Figure = {
    id: 'page-views',
    title: 'Page views per day',
    days,
    series: [
      { label: 'Page views', values: valuesByDay(days, report.pageViews, (row: { views: number }) => row.views) },
    ],
    columns: ['Day', 'Page views'],
    rows: report.pageViews.map((row) => [row.day, row.views]),
  };

  // ChromaTOF's downloads are one series of their own, whatever their count: they are the
  // other product line, not a tail of Cornerstone's versions.
  const chromatofRows = report.downloads.filter((row) => row.source === 'chromatof');
  const versionRows = report.downloads.filter((row) => row.source !== 'chromatof');
  const totals = new Map<string, number>();
  for (const row of versionRows) {
    const label = `${row.product} ${row.version}`;
    totals.set(label, (totals.get(label) ?? 0) + row.downloads);
  }
  const charted = [...totals.entries()]
    .sort(([, a], [, b]) => b - a)
    .slice(0, CHARTED_DOWNLOAD_SERIES)
    .map(([label]) => label);
  const others = versionRows.filter((row) => !charted.includes(`${row.product} ${row.version}`));
  const downloadsOf = (row: { downloads: number }) => row.downloads;
  const downloads: Figure = {
    id: 'downloads',
    title: 'Downloads per day by product and version',
    days,
    series: [
      ...charted.map((label) => ({
        label,
        values: valuesByDay(
          days,
          versionRows.filter((row) => `${row.product} ${row.version}` === label),
          downloadsOf,
        ),
      })),
      ...(chromatofRows.length > 0
        ? [{ label: CHROMATOF_SERIES, values: valuesByDay(days, chromatofRows, downloadsOf) }]
        : []),
      ...(others.length > 0 ? [{ label: 'Others', values: valuesByDay(days, others, downloadsOf) }] : []),
    ],
    columns: ['Day', 'Product', 'Version', 'Downloads'],
    rows: report.downloads.map((row) => [row.day, row.product, row.version, row.downloads]),
  };

  const lookups: Figure = {
    id: 'lookups',
    title: 'Lookups per day',
    days,
    series: [
      { label: 'Lookups', values: valuesByDay(days, report.lookups, (row: { lookups: number }) => row.lookups) },
      { label: 'Failed', values: valuesByDay(days, report.lookups, (row: { failed: number }) => row.failed) },
    ],
    columns: ['Day', 'Lookups', 'Failed', 'Failure share'],
    rows: report.lookups.map((row) => [row.day, row.lookups, row.failed, percent(row.failed, row.lookups)]),
  };

  const feedFetches: Figure = {
    id: 'feed-fetches',
    title: 'Feed fetches per day',
    days,
    series: [
      {
        label: 'Private feeds',
        values: valuesByDay(days, report.feedFetches, (row: { private: number }) => row.private),
      },
      {
        label: 'Firmware feeds',
        values: valuesByDay(days, report.feedFetches, (row: { firmware: number }) => row.firmware),
      },
    ],
    columns: ['Day', 'Private feeds', 'Firmware feeds'],
    rows: report.feedFetches.map((row) => [row.day, row.private, row.firmware]),
  };

  const figures = [pageViews, downloads, lookups, feedFetches];
  if (report.errors) {
    figures.push({
      id: 'errors',
      title: 'Errors per day',
      days,
      series: [{ label: 'Errors', values: valuesByDay(days, report.errors, (row: { errors: number }) => row.errors) }],
      columns: ['Day', 'Errors'],
      rows: report.errors.map((row) => [row.day, row.errors]),
    });
  }
  return figures;
}
