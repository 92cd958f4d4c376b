import { describe, expect, it } from 'vitest';
import {
  formatByteCount,
  formatDate,
  formatDateTime,
  formatFileSize,
  formatLocalDate,
  formatUtcDateTime,
} from './format';

describe('formatFileSize: decimal units, up to one decimal (decision 110)', () => {
  it.each([
    [0, '0 bytes'],
    [1, '1 byte'],
    [354, '354 bytes'],
    [999, '999 bytes'],
    [1_000, '1 kB'],
    [1_049, '1 kB'],
    [1_050, '1.1 kB'],
    [2_400, '2.4 kB'],
    // 12,800 bytes: what the firmware pages called '12.5 KB' (units of 1,024) before decision 110.
    [12_800, '12.8 kB'],
    [999_949, '999.9 kB'],
    [999_950, '1 MB'],
    [1_000_000, '1 MB'],
    // 50,541,363 bytes: '48.2 MB' in units of 1,024 before decision 110.
    [50_541_363, '50.5 MB'],
    [734_003_200, '734 MB'],
    [999_950_000, '1 GB'],
    [1_000_000_000, '1 GB'],
    [1_300_000_000, '1.3 GB'],
    [4_000_000_000_000, '4,000 GB'],
  ])('%d bytes is %s', (bytes, shown) => {
    expect(formatFileSize(bytes)).toBe(shown);
  });

  it('writes the exact count with thousands separators', () => {
    expect(formatByteCount(1)).toBe('1 byte');
    expect(formatByteCount(999)).toBe('999 bytes');
    expect(formatByteCount(50_541_363)).toBe('50,541,363 bytes');
  });
});

describe('formatDate: a day, the en-US medium way, in UTC', () => {
  it.each([
    ['2025-02-18', 'Feb 18, 2025'],
    ['2025-05-20', 'May 20, 2025'],
    ['2023-01-01', 'Jan 1, 2023'],
    // A time is its day in UTC, whatever the time zone of the browser.
    ['2025-02-18T23:30:00Z', 'Feb 18, 2025'],
    ['2025-02-18T00:30:00+02:00', 'Feb 17, 2025'],
  ])('%s is %s', (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });

  it('shows nothing for no date and a date it cannot read as written (or as asked)', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('soon')).toBe('soon');
    expect(formatDate('soon', '')).toBe('');
  });
});

describe('local dates and times', () => {
  it('writes a day and a moment the en-US medium way', () => {
    expect(formatLocalDate(new Date(2027, 1, 22, 12))).toBe('Feb 22, 2027');
    expect(formatDateTime(new Date(2027, 1, 22, 15, 4))).toBe('Feb 22, 2027, 3:04 PM');
    expect(formatDateTime(new Date(2027, 1, 22, 15, 4).toISOString())).toBe('Feb 22, 2027, 3:04 PM');
  });
});

describe('a moment in UTC', () => {
  it('is written to the minute, the same in every time zone', () => {
    expect(formatUtcDateTime(new Date(Date.UTC(2026, 10, 25, 9, 7, 59)))).toBe('2026-11-25 09:07 UTC');
    expect(formatUtcDateTime('2026-11-25T23:59:00+01:00')).toBe('2026-11-25 22:59 UTC');
  });
});

describe('written by hand, the same as Intl en-US (decision 165)', () => {
  it('writes every month and size the way Intl does', () => {
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
    const localDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2026, month, month * 2 + 1, 13));
      expect(formatDate(date.toISOString())).toBe(day.format(date));
      expect(formatLocalDate(date)).toBe(localDay.format(date));
    }
    const units = ['kilobyte', 'megabyte', 'gigabyte'].map(
      (unit) => new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
    );
    for (const bytes of [1_000, 1_050, 12_345, 999_949, 1_234_567, 98_765_432, 4_321_000_000, 12_345_678_901_234]) {
      const unit = bytes < 999_950 ? 0 : bytes < 999_950_000 ? 1 : 2;
      expect(formatFileSize(bytes)).toBe(units[unit]!.format(Math.round(bytes / 10 ** (3 * unit + 2)) / 10));
    }
    expect(formatByteCount(12_345_678_901)).toBe(`${new Intl.NumberFormat('en-US').format(12_345_678_901)} bytes`);
  });
});
