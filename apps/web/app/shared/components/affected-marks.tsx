import type { AffectedByMark } from '@portal/contracts';
import { LocalLink } from '../i18n/local-link';
import { pageLanguage } from '../i18n/page-language';
import * as m from './components.messages';
import { severityName } from './severity-name';
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
          <LocalLink to={mark.url}>{affectedBy(mark)}</LocalLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The contracts' sentence (`affectedByText`) in the page's language: the advisory's title as
 * staff wrote it, marked English on a page in another language.
 */
function affectedBy(mark: AffectedByMark) {
  const english = pageLanguage() === 'en';
  return [
    ...m.affectedBy({
      advisory: mark.advisoryId,
      title: mark.title,
      severity: mark.severity ? severityName(mark.severity) : 'none',
      staff: (chunks, key) =>
        english ? (
          chunks
        ) : (
          <span key={key} lang="en">
            {chunks}
          </span>
        ),
    }),
    ' ',
    mark.fixedIn ? m.fixedIn({ version: mark.fixedIn }) : m.noFixYet,
  ];
}
