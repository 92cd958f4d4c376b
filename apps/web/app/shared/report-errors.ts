import { REPORT_ERRORS_PLACEHOLDER } from '@portal/contracts';
import { pageSetting } from './page-setting';

/**
 * REPORT_ERRORS, as the server wrote it into the page at start-up (like the maker's name):
 * the placeholder while prerendering, then "true" or "false".
 */
export function reportErrorsAttribute(): string {
  return pageSetting('reportErrors', REPORT_ERRORS_PLACEHOLDER, 'false');
}

/** Whether unplanned errors are reported (SPEC §8: only if the reportErrors setting is true). */
export function reportErrors(): boolean {
  return reportErrorsAttribute() === 'true';
}
