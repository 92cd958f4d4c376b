import { useState } from 'react';
import { Dialog } from '../components/dialog';
import styles from './sign-in-widget.module.css';

/** Shown in place of protected content while signed out (SPEC §2, Service screens). */
export function SignInWidget() {
  const [whyOpen, setWhyOpen] = useState(false);
  return (
    <section className={styles.widget} aria-labelledby="sign-in-heading">
      <h2 id="sign-in-heading">You&apos;ll need to sign in</h2>
      <form className={styles.form} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor="sign-in-email">Enter your company email address</label>
        <div className={styles.row}>
          <input id="sign-in-email" name="email" type="email" autoComplete="email" required />
          <button type="submit">Get Sign-In Email</button>
        </div>
      </form>
      <button type="button" className={styles.why} onClick={() => setWhyOpen(true)}>
        Why?
      </button>
      <Dialog open={whyOpen} onClose={() => setWhyOpen(false)} title="Why do I need to sign in?">
        <p>
          These tools are for company employees and service staff. We e-mail you a link that signs you in: no password
          to remember.
        </p>
      </Dialog>
    </section>
  );
}
