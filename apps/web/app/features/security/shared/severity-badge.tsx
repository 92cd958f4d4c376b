import type { CvssSeverity } from '@portal/contracts';
import { severityName } from '../../../shared/components/severity-name';
import * as m from './advisory.messages';
import styles from './advisory.module.css';

/** The look of each severity: none and low plain, medium a warning, high and critical danger. */
const SEVERITY_CLASSES: Record<CvssSeverity, string | undefined> = {
  NONE: styles.severityLow,
  LOW: styles.severityLow,
  MEDIUM: styles.severityMedium,
  HIGH: styles.severityHigh,
  CRITICAL: styles.severityHigh,
};

/**
 * A severity in words and colour ("High 7.5"), in the page's language; the words carry it,
 * the colour only repeats them.
 */
export function SeverityBadge({ severity, baseScore }: { severity: CvssSeverity | null; baseScore: number | null }) {
  if (severity === null) return <span className={styles.severity}>{m.noScore}</span>;
  return (
    <span className={[styles.severity, SEVERITY_CLASSES[severity]].filter(Boolean).join(' ')}>
      {severityName(severity)}
      {baseScore !== null && ` ${baseScore.toFixed(1)}`}
    </span>
  );
}
