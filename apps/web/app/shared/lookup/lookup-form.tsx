import { useEffect, useId, useState, type ReactNode } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { Dialog } from '../components/dialog';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { LOOKUP_PARAM } from '../navigation/navigation';
import * as m from './lookup.messages';
import styles from './lookup.module.css';
import { forgetId, rememberId, useRememberedId, type IdKind } from './remembered-id';
import forms from '../../styles/forms.module.css';

interface LookupFormProps {
  /** 'Registration ID' or 'Key ID'. */
  label: string;
  registrationId: string;
  /** Which IDs this form shares with the other lookups of a visit (remembered-id.ts). */
  idKind: IdKind;
  /** The ID the server just accepted, to offer the other lookups of its kind. */
  accepted?: string;
  /** The 'Where is this?' modal's text. */
  whereIsThis: ReactNode;
}

/**
 * One text field, a 'Where is this?' link opening a modal, and a Find button (SPEC §2). The
 * form is a GET navigation to the same page, so the search is in the URL.
 */
export function LookupForm({ label, registrationId, idKind, accepted, whereIsThis }: LookupFormProps) {
  const [whereOpen, setWhereOpen] = useState(false);
  const inputId = useId();
  const remembered = useRememberedId(idKind);
  useEffect(() => {
    if (accepted !== undefined) rememberId(idKind, accepted);
  }, [idKind, accepted]);
  // The URL's ID first (a search, Back, a shared link); else the one this tab remembers.
  const value = registrationId || remembered;
  return (
    <>
      <Form method="get" className={`${forms.card} ${styles.form}`} role="search">
        <Field
          // A new value (a new URL, the remembered ID after hydration, a forgotten one) remounts the field with it.
          key={value}
          id={inputId}
          label={label}
          name={LOOKUP_PARAM}
          defaultValue={value}
          autoComplete="off"
          spellCheck={false}
          action={<Button type="submit">{m.find}</Button>}
        />
        <div className={styles.formLinks}>
          <button type="button" className={styles.where} onClick={() => setWhereOpen(true)}>
            {m.whereIsThis}
          </button>
          {remembered && <ForgetId idKind={idKind} />}
        </div>
      </Form>
      <Dialog open={whereOpen} onClose={() => setWhereOpen(false)} title={m.whereIsThis}>
        {whereIsThis}
      </Dialog>
    </>
  );
}

/** True while a search on this page is under way; only the latest navigation counts. */
export function useLookupBusy(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  return navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
}

/** The busy loader: a 40px spinner (SPEC §9) announced to screen readers. */
export function LookupBusy() {
  return (
    <div role="status" className={styles.busy}>
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.visuallyHidden}>{m.searching}</span>
    </div>
  );
}

/** `<b>` of the help's messages: what the screen or the certificate shows, in bold. */
const strong = (chunks: ReactNode[], key: number) => <strong key={key}>{chunks}</strong>;

/** Where a registration ID is found (SPEC §2, lookup screens). */
export function RegistrationIdHelp() {
  return (
    <>
      <p>{m.findRegistrationIdInCornerstone}</p>
      <ul>
        <li>{m.registrationIdInAboutBox({ b: strong })}</li>
        <li>{m.registrationIdOnCertificate({ b: strong })}</li>
      </ul>
    </>
  );
}

/** Where a ChromaTOF key ID is found (SPEC §2, ChromaTOF page). */
export function KeyIdHelp() {
  return (
    <>
      <p>{m.findKeyIdInChromatof}</p>
      <ul>
        <li>{m.keyIdInAboutDialog({ b: strong })}</li>
        <li>{m.keyIdOnCertificate({ b: strong })}</li>
      </ul>
    </>
  );
}

/** Where a registration ID is, in one line: the next step after a refused one. */
export function RegistrationIdWhere() {
  return <>{m.registrationIdWhereInShort({ b: strong })}</>;
}

/** Where a ChromaTOF key ID is, in one line: the next step after a refused one. */
export function KeyIdWhere() {
  return <>{m.keyIdWhereInShort({ b: strong })}</>;
}

/** 'Forget this ID': this tab stops offering the ID it remembers (remembered-id.ts). */
export function ForgetId({ idKind, onForget }: { idKind: IdKind; onForget?: () => void }) {
  return (
    <button
      type="button"
      className={styles.where}
      onClick={() => {
        forgetId(idKind);
        onForget?.();
      }}
    >
      {m.forgetThisId}
    </button>
  );
}
