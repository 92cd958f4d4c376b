/**
 * How the portal writes dates and sizes: one module, en-US (SPEC §9: default locale en-US,
 * default date format medium). Decision 110.
 *
 * Days, counts and sizes are written by hand, the en-US medium way, and the one Intl
 * formatter left (a moment in local time) is made on first use: the shell imports this
 * module on every page, and making Intl formatters loads the browser's locale data, which
 * was the longest task of a lookup's load (decision 165).
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** 'Feb 18, 2025': en-US, dateStyle medium. */
const mediumDay = (year: number, month: number, day: number) => `${MONTHS[month]} ${day}, ${year}`;

let dayAndTimeLocal: Intl.DateTimeFormat | undefined;

/**
 * A day the catalogue names: 'Feb 18, 2025' for a release date ('2025-02-18') or for an ISO
 * time (its day in UTC: build and publication times). Anything unreadable is shown as it is
 * (or as `unreadable`); null or undefined as nothing.
 */
export function formatDate(value: string | null | undefined, unreadable = value ?? ''): string {
  if (value === null || value === undefined) return '';
  // A date without a time ('2025-02-18') is read as UTC midnight, so it is its own day here.
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime())
    ? unreadable
    : mediumDay(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate());
}

/** A day in the person's own time zone: 'Feb 22, 2027' (when a sign-in ends). */
export function formatLocalDate(date: Date): string {
  return mediumDay(date.getFullYear(), date.getMonth(), date.getDate());
}

/** A moment in the person's own time zone: 'Feb 22, 2027, 3:04 PM' (when a key or a sign-in link expires). */
export function formatDateTime(date: Date | string): string {
  dayAndTimeLocal ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
  return dayAndTimeLocal.format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * A moment in UTC, to the minute, written the same for every reader wherever they are:
 * '2026-11-25 09:12 UTC' (when a printed lookup was made: a record a lab files).
 */
export function formatUtcDateTime(date: Date | string): string {
  const iso = (typeof date === 'string' ? new Date(date) : date).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** The short en-US unit names of Intl's 'kilobyte', 'megabyte' and 'gigabyte'. */
const SIZE_UNITS = ['kB', 'MB', 'GB'] as const;

/** A whole number with en-US thousands separators: '1,234,567'. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count as a person reads it: '1,234,567'. */
export function formatCount(count: number): string {
  return Number.isSafeInteger(count) ? grouped(count) : count.toLocaleString('en-US');
}

/** The exact size: '1 byte', '999 bytes', '1,234,567 bytes'. */
export function formatByteCount(bytes: number): string {
  return `${formatCount(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
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
  const inTenths = tenths(index);
  const decimal = inTenths % 10;
  return `${grouped(Math.floor(inTenths / 10))}${decimal === 0 ? '' : `.${decimal}`} ${SIZE_UNITS[index]}`;
}
