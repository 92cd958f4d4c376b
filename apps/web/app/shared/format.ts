/**
 * How the portal writes dates and sizes: one module, en-US (SPEC §9: default locale en-US,
 * default date format medium). Decision 110.
 *
 * In English, days, counts and sizes are written by hand, the en-US medium way, and the one
 * Intl formatter left (a moment in local time) is made on first use: the shell imports this
 * module on every page, and making Intl formatters loads the browser's locale data, which
 * was the longest task of a lookup's load (decision 165). A page in another language writes
 * them through Intl in its language (decision 281), each formatter made on first use.
 */
import { dayFormatOptions, intlLocale, type Language } from '@portal/contracts';
import { pageLanguage } from './i18n/page-language';

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();
/** One formatter per language and kind, made when first asked for. */
function formatterOf<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key) as T | undefined;
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter;
}
const dayIn = (language: Language) =>
  formatterOf(
    `day ${language}`,
    () => new Intl.DateTimeFormat(intlLocale(language), { ...dayFormatOptions(language), timeZone: 'UTC' }),
  );
const unitIn = (language: Language, unit: string, unitDisplay: 'short' | 'long') =>
  formatterOf(
    `${unit} ${unitDisplay} ${language}`,
    () => new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay, maximumFractionDigits: 1 }),
  );

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
  if (Number.isNaN(parsed.getTime())) return unreadable;
  const language = pageLanguage();
  return language === 'en'
    ? mediumDay(parsed.getUTCFullYear(), parsed.getUTCMonth(), parsed.getUTCDate())
    : dayIn(language).format(parsed);
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
const SIZE_UNIT_NAMES = ['kilobyte', 'megabyte', 'gigabyte'] as const;

/** A whole number with en-US thousands separators: '1,234,567'. */
const grouped = (whole: number) => String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** A count as a person reads it: '1,234,567' ('1.234.567' on a German page). */
export function formatCount(count: number): string {
  const language = pageLanguage();
  if (language !== 'en')
    return formatterOf(`count ${language}`, () => new Intl.NumberFormat(intlLocale(language))).format(count);
  return Number.isSafeInteger(count) ? grouped(count) : count.toLocaleString('en-US');
}

/** The exact size: '1 byte', '999 bytes', '1,234,567 bytes' ('1.234.567 Byte', '1 234 567 octets'). */
export function formatByteCount(bytes: number): string {
  const language = pageLanguage();
  if (language !== 'en') return unitIn(language, 'byte', 'long').format(bytes);
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
  const language = pageLanguage();
  // Intl's own unit in other languages: '2,4 MB', '2,4 Mo'.
  if (language !== 'en') return unitIn(language, SIZE_UNIT_NAMES[index]!, 'short').format(inTenths / 10);
  const decimal = inTenths % 10;
  return `${grouped(Math.floor(inTenths / 10))}${decimal === 0 ? '' : `.${decimal}`} ${SIZE_UNITS[index]}`;
}
