import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { HelpDialog } from '../../shared/components/help-dialog';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import page from '../../styles/page.module.css';
import styles from './chromatof-page.module.css';

export const meta = () =>
  pageMeta(
    DESTINATIONS.chromatof.title,
    'Download ChromaTOF mass spectrometry software with your key ID, and find its PIBs.',
  );

type FormState = { kind: 'idle' } | { kind: 'missing' } | { kind: 'accepted'; keyId: string };

export default function ChromatofPage() {
  const [state, setState] = useState<FormState>({ kind: 'idle' });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const keyId = String(new FormData(event.currentTarget).get('keyId') ?? '').trim();
    if (!keyId) {
      setState({ kind: 'missing' });
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setState({ kind: 'accepted', keyId });
  };

  return (
    <>
      <h1>{DESTINATIONS.chromatof.title}</h1>
      <p className={page.lead}>
        ChromaTOF is the software of our time-of-flight mass spectrometers: it acquires the data and finds, identifies
        and quantifies the compounds in your samples.
      </p>

      <section className={page.section} aria-labelledby="download-chromatof">
        <h2 id="download-chromatof">Download ChromaTOF</h2>
        <form className={styles.form} onSubmit={onSubmit} noValidate>
          <label htmlFor="key-id">Key ID</label>
          <div className={styles.row}>
            <input
              id="key-id"
              name="keyId"
              autoComplete="off"
              spellCheck={false}
              required
              aria-invalid={state.kind === 'missing'}
              aria-describedby={state.kind === 'missing' ? 'key-id-error' : undefined}
            />
            <button type="submit" className={page.button}>
              Find downloads
            </button>
          </div>
          {state.kind === 'missing' && (
            <p id="key-id-error" className={styles.error}>
              Please enter your key ID.
            </p>
          )}
        </form>
        <div className={styles.where}>
          <HelpDialog label="Where is this?" title="Where is my key ID?">
            <p>
              In ChromaTOF, click the &apos;i&apos; icon at the upper right to open the About dialog: it shows your key
              ID.
            </p>
            <p>
              Your key ID is also on the Software Registration Certificate, where it is labelled &apos;Copy Protection
              Key&apos;.
            </p>
          </HelpDialog>
        </div>
        <div role="status">
          {state.kind === 'accepted' && (
            <p className={styles.note}>
              Downloads by key ID are not available in this portal yet. Please contact your service representative for
              the ChromaTOF installer. Meanwhile, you can{' '}
              <Link to={href('chromatofPibs', { registrationId: state.keyId })}>find the PIBs for this key ID</Link>.
            </p>
          )}
        </div>
      </section>

      <section className={page.section} aria-labelledby="chromatof-pibs">
        <h2 id="chromatof-pibs">Product Information Bulletins</h2>
        <p>
          <Link to={href('chromatofPibs')}>Find the PIBs for your ChromaTOF</Link>
        </p>
      </section>
    </>
  );
}
