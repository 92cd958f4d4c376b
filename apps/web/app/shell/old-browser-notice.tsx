import { useState } from 'react';
import { Dialog } from '../shared/components/dialog';
import * as m from './old-browser.messages';
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
          {m.outOfDate}
        </h2>
        <p className={styles.text}>
          {m.useChromeOrFirefox}{' '}
          <button type="button" className={styles.linkButton} onClick={() => setDetailsOpen(true)}>
            {m.moreDetails}
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
          {m.dismiss}
        </button>
      </div>
      <Dialog open={detailsOpen} onClose={() => setDetailsOpen(false)} title={m.whyChromeOrFirefox}>
        <p>{m.noLongerUpdated}</p>
        <p>{m.freeAndUpToDate}</p>
      </Dialog>
    </section>
  );
}
