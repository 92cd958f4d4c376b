import type { CvssSeverity } from '@portal/contracts';
import * as m from './severity.messages';

/** A CVSS v3.1 severity rating in the page's language ("High", "Hoch", "高"). */
export const severityName = (severity: CvssSeverity): string =>
  ({ NONE: m.none, LOW: m.low, MEDIUM: m.medium, HIGH: m.high, CRITICAL: m.critical })[severity];
