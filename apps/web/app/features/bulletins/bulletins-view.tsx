import type { Pib } from '@portal/contracts';
import type { ReactNode } from 'react';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { LookupPage } from '../../shared/lookup/lookup-page';
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
  whereInShort: ReactNode;
  state: LookupState<Pib[]>;
  busy: boolean;
}

/** The PIBs lookup of Cornerstone and of ChromaTOF: several variants get headed groups, one a flat list. */
export function BulletinsView({ product, ...page }: BulletinsViewProps) {
  return (
    <LookupPage
      {...page}
      results={(pibs) => <BulletinGroups groups={groupBulletins(pibs, product)} label={page.label} />}
    />
  );
}

function BulletinGroups({ groups, label }: { groups: ReturnType<typeof groupBulletins>; label: string }) {
  return (
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
  );
}

function PibList({ pibs }: { pibs: Pib[] }) {
  return (
    <ul className={styles.results}>
      {pibs.map((pib) => (
        <DownloadItem
          key={`${pib.version} ${pib.internalVariant}`}
          name={`${pib.product} ${pib.version}`}
          uri={pib.uri}
          file={pib.file}
          kind="document"
          date={downloadDate({ releaseDate: pib.releaseDate })}
          document={pib.document}
          releaseNotes={pib.releaseNotes}
          affectedBy={pib.affectedBy}
        />
      ))}
    </ul>
  );
}
