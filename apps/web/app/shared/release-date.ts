const releaseDateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** 'Feb 18, 2025' for '2025-02-18'; anything unreadable as it is. */
export function formatReleaseDate(date: string): string {
  return formatUtcDate(`${date}T00:00:00Z`, date);
}

/** 'Feb 18, 2025' for an ISO time (its day in UTC); `unreadable` (default: the value) when it is not one. */
export function formatUtcDate(value: string, unreadable = value): string {
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? unreadable : releaseDateFormat.format(parsed);
}
