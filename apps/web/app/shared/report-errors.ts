import { REPORT_ERRORS_PLACEHOLDER } from '@portal/contracts';

/**
 * REPORT_ERRORS, as the server wrote it into the page at start-up (like the maker's name):
 * the placeholder while prerendering, then "true" or "false".
 */
export function reportErrorsAttribute(): string {
  if (typeof document === 'undefined') return REPORT_ERRORS_PLACEHOLDER;
  return document.documentElement.dataset.reportErrors ?? 'false';
}

/** Whether unplanned errors are reported (SPEC §8: only if the reportErrors setting is true). */
export function reportErrors(): boolean {
  return reportErrorsAttribute() === 'true';
}
