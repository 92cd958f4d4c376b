import { Button } from '../components/ui/button';
import { formatUtcDateTime } from '../format';
import * as m from './lookup.messages';
import styles from './lookup.module.css';

/** What a printed result says of its lookup: the ID as it was typed, and when (an ISO time). */
export interface LookupFacts {
  id: string;
  at: string;
}

/**
 * An ID on paper: every character but the last 4 masked, so a filed record names which
 * licence it was without handing the credential to whoever reads the file. An ID of 4
 * characters or fewer is masked whole.
 */
export function maskId(id: string): string {
  const chars = [...id];
  const shown = chars.length > 4 ? 4 : 0;
  return '•'.repeat(chars.length - shown) + chars.slice(chars.length - shown).join('');
}

/**
 * The head of a result a lab can file: which ID was looked up (masked) and when, in UTC,
 * and a button that prints the page; the print stylesheets leave only the lookup and its
 * results on paper (docs/web-app.md, "Printing a result").
 */
export function LookupRecord({ idLabel, lookup }: { idLabel: string; lookup: LookupFacts }) {
  return (
    <div className={styles.record}>
      <p className={styles.recordLine}>
        <span>
          {idLabel}{' '}
          <code className={styles.maskedId} translate="no">
            {maskId(lookup.id)}
          </code>
        </span>{' '}
        <span>
          {m.lookedUpAt({
            at: formatUtcDateTime(lookup.at),
            time: (chunks, key) => (
              <time key={key} dateTime={lookup.at}>
                {chunks}
              </time>
            ),
          })}
        </span>
      </p>
      <Button variant="secondary" className={styles.printButton} onClick={() => window.print()}>
        {m.printOrSave}
      </Button>
    </div>
  );
}
