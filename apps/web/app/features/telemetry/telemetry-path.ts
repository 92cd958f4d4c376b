import { SIGN_IN_PATHS } from '@portal/contracts';
import { findDestination } from '../../shared/navigation/navigation';

/** Pages whose views are not counted: the sign-in landing carries a token in its address. */
export const SKIPPED_PATHS: readonly string[] = [SIGN_IN_PATHS.landing];

export function isSkipped(pathname: string): boolean {
  return SKIPPED_PATHS.some((skipped) => pathname === skipped || pathname.startsWith(`${skipped}/`));
}

/**
 * The path telemetry records: the registry's own path of the page, or '/404' for any path
 * the registry does not know (where an ID could hide). Never a query string.
 */
export function telemetryPath(pathname: string): string {
  return findDestination(pathname)?.url ?? '/404';
}
