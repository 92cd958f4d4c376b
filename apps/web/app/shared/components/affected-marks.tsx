import { affectedByText, type AffectedByMark } from '@portal/contracts';
import { Link } from 'react-router';
import styles from './affected-marks.module.css';

/**
 * The advisories that affect one version, as the lookups' answers carry them (`affectedBy` on
 * each version, PIB, ChromaTOF download and firmware release; docs/security-advisories.md).
 * Read loosely: an answer without the member (a portal without advisories) has no mark.
 */
export function affectedMarksOf(answer: object): readonly AffectedByMark[] {
  const marks = (answer as { affectedBy?: unknown }).affectedBy;
  return Array.isArray(marks) ? (marks as AffectedByMark[]) : [];
}

/**
 * "Affected by ACME-SA-2026-0001: Title (High). Fixed in 2.10.0.", each a link to its
 * advisory, where a customer looks for the version: in words, so a screen reader and a
 * printed record say it as the screen does.
 */
export function AffectedMarks({ marks }: { marks: readonly AffectedByMark[] }) {
  if (marks.length === 0) return null;
  return (
    <ul className={styles.marks}>
      {marks.map((mark) => (
        <li key={mark.advisoryId} className={styles.mark}>
          <Link to={mark.url}>{affectedByText(mark)}</Link>
        </li>
      ))}
    </ul>
  );
}
