import type { ReactNode } from 'react';
import { LookupBusy, LookupError, LookupForm } from './lookup-form';
import styles from './lookup.module.css';
import forms from '../../styles/forms.module.css';
import type { LookupState } from './run-lookup';

interface LookupPageProps<T> {
  title: string;
  lead: string;
  /** 'Registration ID' or 'Key ID'. */
  label: string;
  whereIsThis: ReactNode;
  state: LookupState<T>;
  busy: boolean;
  /** What a search that succeeded shows. */
  results: (data: T) => ReactNode;
  /** Shown below the results whatever the state. */
  children?: ReactNode;
}

/** Every lookup screen (SPEC §2): heading, lead, the form, then busy, the error or the results. */
export function LookupPage<T>({ title, lead, label, whereIsThis, state, busy, results, children }: LookupPageProps<T>) {
  const { outcome } = state;
  return (
    <div className={forms.page}>
      <h1>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      <LookupForm label={label} registrationId={state.registrationId} whereIsThis={whereIsThis} />
      {busy ? (
        <LookupBusy />
      ) : outcome?.error !== undefined ? (
        <LookupError message={outcome.error} />
      ) : outcome ? (
        results(outcome.data)
      ) : null}
      {children}
    </div>
  );
}
