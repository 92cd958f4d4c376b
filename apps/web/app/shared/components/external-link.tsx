import type { ReactNode } from 'react';
import { opensInNewTab } from './components.messages';
import styles from './external-link.module.css';

/**
 * A link that leaves the portal: a new tab that cannot reach back into this one
 * (noopener) and is not told where the visitor came from (noreferrer). Screen reader
 * users hear that it opens a new tab, as sighted users see from the icon.
 */
export function ExternalLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children}
      <span className={styles.newTab} aria-hidden="true">
        ↗
      </span>
      <span className={styles.visuallyHidden}> {opensInNewTab}</span>
    </a>
  );
}
