import type { AffectedByMark } from './advisories';
import { CVSS_SEVERITY_TITLES } from './cvss-severity';

/**
 * The words of the mark a lookup shows on an affected release. A module without schemas, so
 * the lookups (every download row) name an advisory without bringing TypeBox and the
 * advisories' schemas into the browser (decision 165); the mark's schema is in advisories.ts.
 */

/** "Affected by ACME-SA-2026-0001: Title (High). Fixed in 2.10.0." */
export function affectedByText(mark: AffectedByMark): string {
  const severity = mark.severity ? ` (${CVSS_SEVERITY_TITLES[mark.severity]})` : '';
  const fix = mark.fixedIn ? ` Fixed in ${mark.fixedIn}.` : ' No fix is published yet.';
  return `Affected by ${mark.advisoryId}: ${mark.title}${severity}.${fix}`;
}
