import { keyIdAuthorization, registrationIdAuthorization } from '@portal/contracts';
import type { ReactNode } from 'react';
import { TwoColumns } from '../components/two-columns';
import { FailureAlert } from '../outcome/failure-alert';
import { FollowUpdates } from './follow-updates';
import { LookupBusy, LookupForm } from './lookup-form';
import { LookupSidePanel, RejectedId, type IdName } from './lookup-help';
import { LookupRecord } from './lookup-record';
import styles from './lookup.module.css';
import type { IdKind } from './remembered-id';
import type { LookupState } from './run-lookup';
import { SearchInAddressMark, SearchPlace, useSearchInAddressShown } from './search-in-address';

interface LookupPageProps<T> {
  title: string;
  lead: string;
  /** 'Registration ID' or 'Key ID', in the page's language. */
  label: string;
  /** Which ID: what the help and the next steps say (by default, read from an English label). */
  idKind?: IdKind;
  whereIsThis: ReactNode;
  /** Where the ID is, in one line: the next step after a refused one. */
  whereInShort: ReactNode;
  state: LookupState<T>;
  busy: boolean;
  /** What a search that succeeded shows. */
  results: (data: T) => ReactNode;
  /** Shown below the results whatever the state. */
  children?: ReactNode;
}

/**
 * Every lookup screen (SPEC §2): heading, lead, the form, then busy, the error or the
 * results in the main column, and under results the address of the ID's update feed
 * (FollowUpdates); beside them (below on a narrow screen) the help with the ID.
 */
export function LookupPage<T>({
  title,
  lead,
  label,
  idKind = label === 'Key ID' ? 'key' : 'registration',
  whereIsThis,
  whereInShort,
  state,
  busy,
  results,
  children,
}: LookupPageProps<T>) {
  const { outcome } = state;
  const idName: IdName = idKind === 'key' ? 'key ID' : 'registration ID';
  useSearchInAddressShown(outcome !== undefined);
  return (
    <TwoColumns variant="lookup" side={<LookupSidePanel idName={idName} whereIsThis={whereIsThis} />}>
      <SearchInAddressMark />
      <h1>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      <LookupForm
        label={label}
        registrationId={state.registrationId}
        idKind={idName === 'key ID' ? 'key' : 'registration'}
        accepted={outcome?.kind === 'ok' ? state.registrationId : undefined}
        whereIsThis={whereIsThis}
      />
      {busy ? (
        <LookupBusy />
      ) : outcome?.kind === 'ok' ? (
        <>
          {state.lookedUpAt && (
            <LookupRecord idLabel={label} lookup={{ id: state.registrationId, at: state.lookedUpAt }} />
          )}
          {results(outcome.data)}
          <FollowUpdates
            idName={idName}
            authorization={
              idName === 'key ID'
                ? keyIdAuthorization(state.registrationId)
                : registrationIdAuthorization(state.registrationId)
            }
          />
        </>
      ) : outcome?.kind === 'rejected' ? (
        <RejectedId message={outcome.message} idName={idName} where={whereInShort} />
      ) : outcome ? (
        <FailureAlert failure={outcome} />
      ) : (
        <SearchPlace />
      )}
      {children}
    </TwoColumns>
  );
}
