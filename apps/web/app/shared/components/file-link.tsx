import type { ReactNode } from 'react';
import styles from './external-link.module.css';

/** The file name at the end of a download link's path (`/v1/files/{id}/{name}?…`). */
function fileNameOf(href: string): string {
  const path = href.split(/[?#]/, 1)[0]!;
  const last = path.slice(path.lastIndexOf('/') + 1);
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/** A PDF is shown by the browser's own viewer (the server sends it inline); everything else is saved. */
export function opensInBrowser(href: string): boolean {
  return /\.pdf$/i.test(fileNameOf(href));
}

/**
 * A link to a published file. A PDF opens in the browser's viewer in a new tab, which
 * cannot reach back into this one (noopener), and says so to screen readers as the icon
 * does to the eye; any other file downloads, leaving this page where it is.
 */
export function FileLink({ href, children, className }: { href: string; children: ReactNode; className?: string }) {
  if (!opensInBrowser(href)) {
    return (
      <a href={href} className={className} download>
        {children}
      </a>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener" className={className}>
      {children}
      <span className={styles.newTab} aria-hidden="true">
        ↗
      </span>
      <span className={styles.visuallyHidden}> (PDF, opens in a new tab)</span>
    </a>
  );
}
