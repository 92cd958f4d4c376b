import { REPORT_ERRORS_PLACEHOLDER } from '@portal/contracts';
import { pageSetting } from './page-setting';
import { emitTelemetry } from './telemetry-bus';

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

const reported = new WeakSet<object>();

/**
 * A fault of ours that a screen caught and shows as SPEC §8's internal problem ("reported
 * automatically"), reported for real (decision 112): to the telemetry's error reporting
 * through the bus, which holds it until the collector has loaded and which sends it only
 * when REPORT_ERRORS is true; and logged as the platform logs an uncaught exception
 * (`reportError`, SPEC §8 "exception logged"). The collector's own listener for uncaught
 * errors skips it (`alreadyReported`), so it is counted once.
 */
export function reportProblem(error: unknown): void {
  emitTelemetry({ kind: 'error', error });
  if (typeof error === 'object' && error !== null) reported.add(error);
  if (typeof globalThis.reportError === 'function') globalThis.reportError(error);
  else console.error(error);
}

/** Whether `reportProblem` has reported this error already. */
export function alreadyReported(error: unknown): boolean {
  return typeof error === 'object' && error !== null && reported.has(error);
}
