/**
 * How the portal writes dates and sizes: one module, en-US (SPEC §9: default locale en-US,
 * default date format medium). Decision 110.
 */

const DAY_UTC = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const DAY_LOCAL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DAY_AND_TIME_LOCAL = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A day the catalogue names: 'Feb 18, 2025' for a release date ('2025-02-18') or for an ISO
 * time (its day in UTC: build and publication times). Anything unreadable is shown as it is
 * (or as `unreadable`); null or undefined as nothing.
 */
export function formatDate(value: string | null | undefined, unreadable = value ?? ''): string {
  if (value === null || value === undefined) return '';
  // A date without a time ('2025-02-18') is read as UTC midnight, so it is its own day here.
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? unreadable : DAY_UTC.format(parsed);
}

/** A day in the person's own time zone: 'Feb 22, 2027' (when a sign-in ends). */
export function formatLocalDate(date: Date): string {
  return DAY_LOCAL.format(date);
}

/** A moment in the person's own time zone: 'Feb 22, 2027, 3:04 PM' (when a key or a sign-in link expires). */
export function formatDateTime(date: Date | string): string {
  return DAY_AND_TIME_LOCAL.format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * A moment in UTC, to the minute, written the same for every reader wherever they are:
 * '2026-11-25 09:12 UTC' (when a printed lookup was made: a record a lab files).
 */
export function formatUtcDateTime(date: Date | string): string {
  const iso = (typeof date === 'string' ? new Date(date) : date).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

const BYTE_COUNT = new Intl.NumberFormat('en-US');
const SIZE_UNITS = ['kilobyte', 'megabyte', 'gigabyte'] as const;
const SIZE_FORMATS = SIZE_UNITS.map(
  (unit) => new Intl.NumberFormat('en-US', { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }),
);

/** A count as a person reads it: '1,234,567'. */
export function formatCount(count: number): string {
  return BYTE_COUNT.format(count);
}

/** The exact size: '1 byte', '999 bytes', '1,234,567 bytes'. */
export function formatByteCount(bytes: number): string {
  return `${BYTE_COUNT.format(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
}

/**
 * A size as customers' operating systems show it (Windows Explorer's details aside, which few
 * read): decimal units, 1 kB = 1,000 bytes, up to one decimal: '999 bytes', '1 kB', '2.4 kB',
 * '734 MB', '1.3 GB'. The unit is chosen after rounding, so 999,950 bytes is '1 MB', never
 * '1,000 kB'. GB is the largest unit.
 */
export function formatFileSize(bytes: number): string {
  if (bytes < 1000) return formatByteCount(bytes);
  let index = 0;
  // Tenths of the unit, rounded half up on whole numbers (exact, unlike dividing by 1000 first).
  const tenths = (unit: number) => Math.round(bytes / 10 ** (3 * (unit + 1) - 1));
  while (index < SIZE_UNITS.length - 1 && tenths(index) >= 10_000) index++;
  return SIZE_FORMATS[index]!.format(tenths(index) / 10);
}
