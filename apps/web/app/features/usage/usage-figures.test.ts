import { describe, expect, it } from 'vitest';
import { daysOf, usageFigures } from './usage-figures';

describe('usage figures', () => {
  const report = {
    days: 7,
    from: '2026-11-17',
    to: '2026-11-23',
    pageViews: [{ day: '2026-11-20', views: 4 }],
    downloads: [
      {
        day: '2026-11-20',
        product: 'Cornerstone',
        version: '2.8.1',
        source: 'offline-installer' as const,
        downloads: 2,
      },
      { day: '2026-11-23', product: 'Cornerstone PIB', version: '2.8.1', source: 'pib' as const, downloads: 1 },
    ],
    lookups: [{ day: '2026-11-23', lookups: 4, failed: 1 }],
    topVersions: [],
    feedFetches: [{ day: '2026-11-22', private: 3, firmware: 1 }],
    errors: null,
    telemetryDropped: { overBudget: 0, lowDisk: 0 },
    disks: [],
  };

  it('fills every day of the range, so quiet days show as zero', () => {
    expect(daysOf('2026-11-30', '2026-12-02')).toEqual(['2026-11-30', '2026-12-01', '2026-12-02']);
    const [pageViews] = usageFigures(report);
    expect(pageViews!.series[0]!.values).toEqual([0, 0, 0, 4, 0, 0, 0]);
  });

  it('charts downloads per product and version, lookups with their failure share, errors only when reported', () => {
    const figures = usageFigures(report);
    expect(figures.map((figure) => figure.id)).toEqual(['page-views', 'downloads', 'lookups', 'feed-fetches']);
    expect(figures[1]!.series.map((series) => series.label)).toEqual(['Cornerstone 2.8.1', 'Cornerstone PIB 2.8.1']);
    expect(figures[2]!.rows).toEqual([['2026-11-23', 4, 1, '25%']]);
    expect(usageFigures({ ...report, errors: [] }).map((figure) => figure.id)).toContain('errors');
  });

  it("charts ChromaTOF's downloads as a series of their own, however few, and the rest of the tail as Others", () => {
    const busy = (product: string, version: string, downloads: number) => ({
      day: '2026-11-21',
      product,
      version,
      source: 'offline-installer' as const,
      downloads,
    });
    const downloads = usageFigures({
      ...report,
      downloads: [
        busy('Cornerstone', '2.10.0', 9),
        busy('Cornerstone', '2.9.0', 8),
        busy('Cornerstone', '2.8.1', 7),
        busy('Cornerstone', '2.7.0', 6),
        busy('Cornerstone', '2.6.2', 5),
        { day: '2026-11-22', product: 'ChromaTOF', version: '6.1.0', source: 'chromatof', downloads: 1 },
        { day: '2026-11-23', product: 'ChromaTOF Tile', version: '2.1.0', source: 'chromatof', downloads: 2 },
      ],
    }).find((figure) => figure.id === 'downloads')!;
    expect(downloads.series.map((series) => [series.label, series.values])).toEqual([
      ['Cornerstone 2.10.0', [0, 0, 0, 0, 9, 0, 0]],
      ['Cornerstone 2.9.0', [0, 0, 0, 0, 8, 0, 0]],
      ['Cornerstone 2.8.1', [0, 0, 0, 0, 7, 0, 0]],
      ['Cornerstone 2.7.0', [0, 0, 0, 0, 6, 0, 0]],
      ['ChromaTOF', [0, 0, 0, 0, 0, 1, 2]],
      ['Others', [0, 0, 0, 0, 5, 0, 0]],
    ]);
    expect(downloads.rows).toContainEqual(['2026-11-22', 'ChromaTOF', '6.1.0', 1]);
  });

  it('charts feed fetches per day, private and firmware feeds apart', () => {
    const feeds = usageFigures(report).find((figure) => figure.id === 'feed-fetches')!;
    expect(feeds.series.map((series) => [series.label, series.values])).toEqual([
      ['Private feeds', [0, 0, 0, 0, 0, 3, 0]],
      ['Firmware feeds', [0, 0, 0, 0, 0, 1, 0]],
    ]);
    expect(feeds.rows).toEqual([['2026-11-22', 3, 1]]);
  });
});
