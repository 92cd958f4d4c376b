import { CVSS_SEVERITY_TITLES, type CvssSeverity } from '@portal/contracts';
import styles from './advisory.module.css';

/** A severity in words and colour ("High 7.5"); the words carry it, the colour only repeats them. */
export function SeverityBadge({ severity, baseScore }: { severity: CvssSeverity | null; baseScore: number | null }) {
  if (severity === null) return <span className={styles.severity}>No score</span>;
  return (
    <span className={`${styles.severity} ${styles[`severity${severity}`]}`}>
      {CVSS_SEVERITY_TITLES[severity]}
      {baseScore !== null && ` ${baseScore.toFixed(1)}`}
    </span>
  );
}
