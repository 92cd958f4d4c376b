import { CUSTOMER_ID_MAX_CHARS } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { ContactMaker } from '../components/contact-maker';
import { makerName } from '../maker-name';
import { FailureAlert } from '../outcome/failure-alert';
import styles from './lookup.module.css';

/** Which ID a lookup takes, in running text: 'registration ID' or 'key ID'. */
export type IdName = 'registration ID' | 'key ID';

/** What every ID looks like (contracts' CUSTOMER_ID_PATTERN), in words. */
function IdFormat({ idName }: { idName: IdName }) {
  return (
    <>
      A {idName} is letters, digits and dashes, up to {CUSTOMER_ID_MAX_CHARS} characters, such as{' '}
      <code>ABCD-1234-EFGH</code>. Upper or lower case does not matter.
    </>
  );
}

/**
 * Whom a customer asks when their ID is refused: SUPPORT_URL and SUPPORT_EMAIL where they
 * are set, else the maker, without a link.
 */
export function SupportContactText({ idName }: { idName: IdName }) {
  return <ContactMaker capital unset={`Contact ${makerName()}, who gave you your ${idName}.`} />;
}

/** The side panel of a lookup: where the ID is, what it looks like, what to do when it is refused, whom to ask. */
export function LookupSidePanel({ idName, whereIsThis }: { idName: IdName; whereIsThis: ReactNode }) {
  const headingId = useId();
  return (
    <aside className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>Need help?</h2>
      <h3>Where to find your {idName}</h3>
      {whereIsThis}
      <h3>What it looks like</h3>
      <p>
        <IdFormat idName={idName} />
      </p>
      <h3>If it is refused</h3>
      <p>
        Copy it from where you found it rather than typing it: a zero and the letter O look alike. After several refused
        attempts the portal asks you to wait a while before you try again.
      </p>
      <h3>Whom to contact</h3>
      <p>
        <SupportContactText idName={idName} />
      </p>
    </aside>
  );
}

/** A refused ID: the spec's text as the alert, then the next step (SPEC §8 texts stay as they are). */
export function RejectedId({ message, idName, where }: { message: string; idName: IdName; where: ReactNode }) {
  const headingId = useId();
  return (
    <>
      <FailureAlert failure={{ kind: 'rejected', message }} />
      <section className={styles.nextStep} aria-labelledby={headingId}>
        <h2 id={headingId}>What to do next</h2>
        <ul>
          <li>
            Check the {idName} you entered. <IdFormat idName={idName} />
          </li>
          <li>{where}</li>
          <li>
            Still refused? <SupportContactText idName={idName} />
          </li>
        </ul>
      </section>
    </>
  );
}
