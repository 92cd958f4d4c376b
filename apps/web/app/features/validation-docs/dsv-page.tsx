import { DSV_VERSION_PATTERN, sortVersionsNewestFirst, type DsvEntry } from '@portal/contracts';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { RegistrationIdHelp, RegistrationIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { LookupPage } from '../../shared/lookup/lookup-page';
import styles from '../../shared/lookup/lookup.module.css';
import { prerenderedLookup, runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { registrationId } from '../../shared/lookup/lookup.messages';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/dsv-page';
import { getDsvs } from './api/get-dsvs';
import * as m from './validation-docs.messages';

export const meta = () => pageMeta(placeName(DESTINATIONS.cornerstoneDsvs), m.description);

type Dsv = DsvEntry & { key: string };

export const loader = prerenderedLookup;

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<Dsv[]>> {
  return runLookup(
    request,
    async (registrationId, signal) => {
      const dsvs = await getDsvs(registrationId, signal);
      // Entries are kept only for digits.digits.digits (SPEC §5).
      const kept = Object.entries(dsvs)
        .filter(([, dsv]) => DSV_VERSION_PATTERN.test(dsv.version))
        .map(([key, dsv]) => ({ key, ...dsv }));
      return sortVersionsNewestFirst(kept, (dsv) => dsv.version);
    },
    // SPEC §8's text for a refused ID (misspelled in English, as the spec has it), in the page's language.
    m.invalidRegistrationId,
    'Looked up DSVs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

export default function DsvPage({ loaderData }: Route.ComponentProps) {
  return <DsvView state={loaderData} busy={useLookupBusy()} />;
}

function DsvView({ state, busy }: { state: LookupState<Dsv[]>; busy: boolean }) {
  return (
    <LookupPage
      title={placeName(DESTINATIONS.cornerstoneDsvs)}
      lead={m.lead}
      label={registrationId}
      idKind="registration"
      whereIsThis={<RegistrationIdHelp />}
      whereInShort={<RegistrationIdWhere />}
      state={state}
      busy={busy}
      results={(dsvs) => (
        <section aria-labelledby="dsv-results">
          <h2 id="dsv-results">{m.documents}</h2>
          {dsvs.length === 0 ? (
            <p className={styles.note}>{m.noDocuments}</p>
          ) : (
            <ul className={styles.results}>
              {dsvs.map((dsv) => (
                <DownloadItem
                  key={dsv.key}
                  name={m.cornerstoneVersion({ version: dsv.version })}
                  uri={dsv.uri}
                  file={dsv.file}
                  kind="document"
                  date={downloadDate({ releaseDate: dsv.releaseDate })}
                  document={dsv.document}
                />
              ))}
            </ul>
          )}
        </section>
      )}
    />
  );
}
