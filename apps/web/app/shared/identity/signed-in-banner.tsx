import { signOut, useIdentityStatus } from './identity-store';
import { signInDate } from './sign-in-date';
import styles from './signed-in-banner.module.css';

/** Under the navigation: until when a fresh sign-in lasts, or that an old one has expired. */
export function SignedInBanner() {
  const current = useIdentityStatus();
  if (current.state === 'absent') return null;
  if (current.state === 'fresh') {
    return (
      <p className={styles.banner} role="status">
        You are signed in until {signInDate(current.identity.exp)}.
      </p>
    );
  }
  return (
    <div className={`${styles.banner} ${styles.warning}`} role="alert">
      <p>Your sign-in expired on {signInDate(current.identity.exp)}.</p>
      <button type="button" className={styles.signOut} onClick={signOut}>
        Sign out
      </button>
    </div>
  );
}
