import type { ReactNode } from 'react';
import { pdfOpensInNewTab } from './components.messages';
import styles from './external-link.module.css';

/**
 * A link to a published file. Whether it opens in the browser is the server's answer
 * (`FileDetails.inline`: the API sends exactly those files inline, decision 113), never a
 * guess from the name. One that opens inline (a PDF) opens in the browser's viewer in a new
 * tab, which cannot reach back into this one (noopener), and says so to screen readers as
 * the icon does to the eye; any other file downloads, leaving this page where it is.
 */
export function FileLink({
  href,
  inline,
  children,
  className,
}: {
  href: string;
  /** The file details' `inline`: false (download) when there are none. */
  inline: boolean;
  children: ReactNode;
  className?: string;
}) {
  if (!inline) {
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
      <span className={styles.visuallyHidden}> {pdfOpensInNewTab}</span>
    </a>
  );
}
