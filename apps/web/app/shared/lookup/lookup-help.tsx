import { CUSTOMER_ID_MAX_CHARS } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { ContactMaker } from '../components/contact-maker';
import { makerName } from '../maker-name';
import { FailureAlert } from '../outcome/failure-alert';
import * as m from './lookup.messages';
import styles from './lookup.module.css';

/** Which ID a lookup takes, in running text: 'registration ID' or 'key ID'. */
export type IdName = 'registration ID' | 'key ID';

/** The kind of an ID, as the messages take it. */
const kindOf = (idName: IdName) => (idName === 'key ID' ? 'key' : 'registration');

/** What every ID looks like (contracts' CUSTOMER_ID_PATTERN), in words. */
function IdFormat({ idName }: { idName: IdName }) {
  return (
    <>
      {m.idFormat({
        idKind: kindOf(idName),
        max: CUSTOMER_ID_MAX_CHARS,
        code: (chunks, key) => <code key={key}>{chunks}</code>,
      })}
    </>
  );
}

/**
 * Whom a customer asks when their ID is refused: SUPPORT_URL and SUPPORT_EMAIL where they
 * are set, else the maker, without a link.
 */
export function SupportContactText({ idName }: { idName: IdName }) {
  return <ContactMaker capital unset={m.contactWhoGaveYou({ idKind: kindOf(idName), maker: makerName() })} />;
}

/** The side panel of a lookup: where the ID is, what it looks like, what to do when it is refused, whom to ask. */
export function LookupSidePanel({ idName, whereIsThis }: { idName: IdName; whereIsThis: ReactNode }) {
  const headingId = useId();
  return (
    <aside className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{m.needHelp}</h2>
      <h3>{m.whereToFind({ idKind: kindOf(idName) })}</h3>
      {whereIsThis}
      <h3>{m.whatItLooksLike}</h3>
      <p>
        <IdFormat idName={idName} />
      </p>
      <h3>{m.ifItIsRefused}</h3>
      <p>{m.ifRefusedAdvice}</p>
      <h3>{m.whomToContact}</h3>
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
        <h2 id={headingId}>{m.whatToDoNext}</h2>
        <ul>
          <li>
            {m.checkTheId({ idKind: kindOf(idName) })} <IdFormat idName={idName} />
          </li>
          <li>{where}</li>
          <li>
            {m.stillRefused} <SupportContactText idName={idName} />
          </li>
        </ul>
      </section>
    </>
  );
}
