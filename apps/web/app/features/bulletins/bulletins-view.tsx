import type { Pib } from '@portal/contracts';
import { useId, type ReactNode } from 'react';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { LookupPage } from '../../shared/lookup/lookup-page';
import styles from '../../shared/lookup/lookup.module.css';
import type { IdKind } from '../../shared/lookup/remembered-id';
import type { LookupState } from '../../shared/lookup/run-lookup';
import * as m from './bulletins.messages';
import { groupBulletins } from './group-bulletins';

interface BulletinsViewProps {
  title: string;
  lead: string;
  /** Only this product's PIBs are shown. */
  product: string;
  label: string;
  /** Which ID (by default, read from an English label: LookupPage). */
  idKind?: IdKind;
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
      results={(pibs) => (
        <BulletinGroups
          groups={groupBulletins(pibs, product)}
          idKind={page.idKind ?? (page.label === 'Key ID' ? 'key' : 'registration')}
        />
      )}
    />
  );
}

function BulletinGroups({ groups, idKind }: { groups: ReturnType<typeof groupBulletins>; idKind: IdKind }) {
  const groupId = useId();
  return (
    <section aria-labelledby="pib-results">
      <h2 id="pib-results">{m.bulletins}</h2>
      {groups.length === 0 ? (
        <p className={styles.note}>{m.noBulletins({ idKind })}</p>
      ) : groups.length === 1 ? (
        <PibList pibs={groups[0]!.pibs} />
      ) : (
        groups.map((group, index) => (
          // Named by its heading: the variant's name, as the maker gives it.
          <section key={group.variant} aria-labelledby={`${groupId}-${index}`}>
            <h3 id={`${groupId}-${index}`} className={styles.group} translate="no">
              {group.variant}
            </h3>
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
          name={m.bulletinName({ product: pib.product, version: pib.version })}
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
