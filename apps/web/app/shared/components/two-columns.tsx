import type { ReactNode } from 'react';
import styles from './two-columns.module.css';

/**
 * The one two-column layout (docs/web-app.md, "Layout"): the main column and a side column
 * beside it on a desktop screen; on a narrower one the side follows the main column, and
 * `after` (what belongs in the main column but matters less than the side) follows the side.
 * `page` (default): from 60rem, a 16-22rem side column (Cornerstone). `lookup`: from 64rem,
 * a 20rem help panel (the lookups and the ChromaTOF page).
 */
export function TwoColumns({
  children,
  side,
  after,
  variant = 'page',
}: {
  children: ReactNode;
  side: ReactNode;
  after?: ReactNode;
  variant?: 'page' | 'lookup';
}) {
  const classes = [styles.layout, styles[variant], after !== undefined ? styles.withAfter : ''].filter(Boolean);
  return (
    <div className={classes.join(' ')}>
      <div className={styles.main}>{children}</div>
      <div className={styles.side}>{side}</div>
      {after !== undefined && <div className={styles.after}>{after}</div>}
    </div>
  );
}
