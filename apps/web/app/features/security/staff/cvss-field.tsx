import { CVSS_SEVERITY_TITLES, type CvssScore } from '@portal/contracts';
import { cvssBaseScore } from '@portal/contracts/cvss';
import { useId } from 'react';
import { Field } from '../../../shared/components/ui/field';
import styles from './security-staff.module.css';

const EXAMPLE_VECTOR = 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H';

/** What the field says of the vector typed so far: its score, that it is not one yet, or nothing when empty. */
export function cvssReading(vector: string): { score: CvssScore } | { invalid: string } | undefined {
  const trimmed = vector.trim();
  if (trimmed === '') return undefined;
  const score = cvssBaseScore(trimmed);
  if (score) return { score };
  return {
    invalid: `Not a CVSS v3.1 base vector: CVSS:3.1/ then the eight base metrics in order, for example ${EXAMPLE_VECTOR}.`,
  };
}

/** "7.5 High": the score with one decimal, then the severity's title. */
export function scoreText(score: CvssScore): string {
  return `${score.baseScore.toFixed(1)} ${CVSS_SEVERITY_TITLES[score.baseSeverity]}`;
}

/**
 * The CVSS v3.1 vector of a vulnerability, its base score and severity computed as it is
 * typed by the same calculator the server scores with at publish (`@portal/contracts/cvss`,
 * loaded by the draft pages only). The reading is a live region, so it is announced.
 */
export function CvssField({
  value,
  onChange,
  problems = [],
}: {
  value: string;
  onChange: (vector: string) => void;
  problems?: readonly string[];
}) {
  const inputId = useId();
  const readingId = `${inputId}-reading`;
  const reading = cvssReading(value);
  return (
    <div className={styles.cvss}>
      <Field
        id={inputId}
        label="CVSS v3.1 vector"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={EXAMPLE_VECTOR}
        spellCheck={false}
        autoComplete="off"
        // Field's own error id is `<id>-error`; the reading describes the input too.
        aria-describedby={problems.length > 0 ? `${readingId} ${inputId}-error` : readingId}
        error={problems.length > 0 ? problems.join(' ') : undefined}
      />
      <p id={readingId} className={styles.score} aria-live="polite">
        {reading === undefined ? (
          <span className={styles.muted}>No vector: the vulnerability states no score.</span>
        ) : 'score' in reading ? (
          <>
            Base score <strong>{scoreText(reading.score)}</strong>
          </>
        ) : (
          <span className={styles.problem}>{reading.invalid}</span>
        )}
      </p>
    </div>
  );
}
