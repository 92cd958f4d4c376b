import {
  DSV_VERSION_PATTERN,
  INVALID_DSV_REGISTRATION_ID,
  sortVersionsNewestFirst,
  type DsvEntry,
} from '@portal/contracts';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { RegistrationIdHelp, RegistrationIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { LookupPage } from '../../shared/lookup/lookup-page';
import styles from '../../shared/lookup/lookup.module.css';
import { runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { DESTINATIONS } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/dsv-page';
import { getDsvs } from './api/get-dsvs';

export const meta = () =>
  pageMeta(
    DESTINATIONS.cornerstoneDsvs.title,
    'Declarations of Software Validation for the Cornerstone versions of your registration ID.',
  );

type Dsv = DsvEntry & { key: string };

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
    INVALID_DSV_REGISTRATION_ID,
    'Looked up DSVs',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <DsvView state={{ registrationId: '' }} busy={false} />;
}

export default function DsvPage({ loaderData }: Route.ComponentProps) {
  return <DsvView state={loaderData} busy={useLookupBusy()} />;
}

function DsvView({ state, busy }: { state: LookupState<Dsv[]>; busy: boolean }) {
  return (
    <LookupPage
      title={DESTINATIONS.cornerstoneDsvs.title}
      lead="Enter your registration ID to see the Declarations of Software Validation of your Cornerstone versions."
      label="Registration ID"
      whereIsThis={<RegistrationIdHelp />}
      whereInShort={<RegistrationIdWhere />}
      state={state}
      busy={busy}
      results={(dsvs) => (
        <section aria-labelledby="dsv-results">
          <h2 id="dsv-results">Documents</h2>
          {dsvs.length === 0 ? (
            <p className={styles.note}>No documents are available for this registration ID.</p>
          ) : (
            <ul className={styles.results}>
              {dsvs.map((dsv) => (
                <DownloadItem
                  key={dsv.key}
                  name={`Cornerstone ${dsv.version}`}
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
