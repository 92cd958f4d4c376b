import type { ReactNode } from 'react';
import styles from './table.module.css';

export { styles as tableStyles };

/**
 * The one table style: a table in its own focusable region that scrolls sideways on a narrow
 * screen (keyboard included) with the first column kept in view. `labelledBy` names the
 * region and the table (a heading's or the caption's id).
 */
export function Table({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div className={styles.scroller} role="region" aria-labelledby={labelledBy} tabIndex={0}>
      <table className={styles.table} aria-labelledby={labelledBy}>
        {children}
      </table>
    </div>
  );
}
