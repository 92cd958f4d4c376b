import type { Pib } from '@portal/contracts';
import type { ReactNode } from 'react';
import { LookupBusy, LookupError, LookupForm } from '../../shared/lookup/lookup-form';
import styles from '../../shared/lookup/lookup.module.css';
import type { LookupState } from '../../shared/lookup/run-lookup';
import { groupBulletins } from './group-bulletins';

interface BulletinsViewProps {
  title: string;
  lead: string;
  /** Only this product's PIBs are shown. */
  product: string;
  label: string;
  whereIsThis: ReactNode;
  state: LookupState<Pib[]>;
  busy: boolean;
}

/** The PIBs lookup of Cornerstone and of ChromaTOF: several variants get headed groups, one a flat list. */
export function BulletinsView({ title, lead, product, label, whereIsThis, state, busy }: BulletinsViewProps) {
  const { outcome } = state;
  const groups = outcome?.data ? groupBulletins(outcome.data, product) : [];
  return (
    <div className={styles.page}>
      <h1>{title}</h1>
      <p className={styles.lead}>{lead}</p>
      <LookupForm label={label} registrationId={state.registrationId} whereIsThis={whereIsThis} />
      {busy ? (
        <LookupBusy />
      ) : outcome?.error !== undefined ? (
        <LookupError message={outcome.error} />
      ) : outcome ? (
        <section aria-labelledby="pib-results">
          <h2 id="pib-results">Bulletins</h2>
          {groups.length === 0 ? (
            <p className={styles.note}>No bulletins are available for this {label.toLowerCase()}.</p>
          ) : groups.length === 1 ? (
            <PibList pibs={groups[0]!.pibs} />
          ) : (
            groups.map((group) => (
              <section key={group.variant} aria-label={group.variant}>
                <h3 className={styles.group}>{group.variant}</h3>
                <PibList pibs={group.pibs} />
              </section>
            ))
          )}
        </section>
      ) : null}
    </div>
  );
}

function PibList({ pibs }: { pibs: Pib[] }) {
  return (
    <ul className={styles.results}>
      {pibs.map((pib) => (
        <li key={`${pib.version} ${pib.internalVariant}`}>
          <a href={pib.uri} target="_blank" rel="noopener noreferrer">
            {pib.product} {pib.version}
          </a>
        </li>
      ))}
    </ul>
  );
}
