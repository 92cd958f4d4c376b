import { useState } from 'react';
import { Dialog } from '../shared/components/dialog';
import styles from './old-browser-notice.module.css';

/** Where this tab remembers the notice was dismissed: for the session, not for ever. */
const DISMISSED_KEY = 'oldBrowserNoticeDismissed';

function dismissedThisSession(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === 'yes';
  } catch {
    return false;
  }
}

function rememberDismissed() {
  try {
    window.sessionStorage.setItem(DISMISSED_KEY, 'yes');
  } catch {
    // Storage refused (a locked-down browser): dismissed for this page only.
  }
}

/**
 * Shown only in Internet Explorer below 12 and loaded only there (root.tsx imports it
 * lazily), so every other browser carries neither it nor its dialog on Home. Dismissed, it
 * stays away for the rest of the session (this tab, until it is closed), reloads included.
 */
export default function OldBrowserNotice() {
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const [detailsOpen, setDetailsOpen] = useState(false);
  if (dismissed) return null;
  return (
    <section className={styles.notice} aria-labelledby="old-browser-heading">
      <div className={styles.inner}>
        <h2 id="old-browser-heading" className={styles.heading}>
          Your browser is out of date
        </h2>
        <p className={styles.text}>
          Internet Explorer cannot show every part of this site. Please use Google Chrome or Mozilla Firefox.{' '}
          <button type="button" className={styles.linkButton} onClick={() => setDetailsOpen(true)}>
            More details
          </button>
        </p>
        <button
          type="button"
          className={styles.dismiss}
          onClick={() => {
            rememberDismissed();
            setDismissed(true);
          }}
        >
          Dismiss
        </button>
      </div>
      <Dialog open={detailsOpen} onClose={() => setDetailsOpen(false)} title="Why Chrome or Firefox?">
        <p>
          Internet Explorer is no longer updated by Microsoft and lacks the security and web features this site relies
          on, so downloads, forms and sign-in may not work in it.
        </p>
        <p>
          Google Chrome and Mozilla Firefox are free, kept up to date, and run on every supported version of Windows.
        </p>
      </Dialog>
    </section>
  );
}
