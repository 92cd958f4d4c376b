import { DEMO_FAMILY, DEV_FAMILY, sortVersionsNewestFirst, type VersionSummary } from '@portal/contracts';
import { affectedMarksOf } from '../../shared/components/affected-marks';
import { LocalLink } from '../../shared/i18n/local-link';
import { downloadDate } from '../../shared/lookup/download-facts';
import { DownloadItem } from '../../shared/lookup/download-item';
import { RegistrationIdHelp, RegistrationIdWhere, useLookupBusy } from '../../shared/lookup/lookup-form';
import { registrationId } from '../../shared/lookup/lookup.messages';
import { LookupPage } from '../../shared/lookup/lookup-page';
import styles from '../../shared/lookup/lookup.module.css';
import { prerenderedLookup, runLookup, type LookupState } from '../../shared/lookup/run-lookup';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { pageMeta } from '../../shared/page-meta';
import { emitTelemetry } from '../../shared/telemetry-bus';
import type { Route } from './+types/offline-installer-page';
import { getFamilies } from './api/get-families';
import { getVersions } from './api/get-versions';
import * as m from './offline-installer.messages';

/** A static download in the web app's public folder, offered only to Dev and Demo registrations. */
export const CONFIGURATION_EDITOR_URL = '/downloads/Cornerstone-Configuration-Editor.zip';

export const meta = () => pageMeta(placeName(DESTINATIONS.cornerstoneOffline), m.description);

interface OfflineInstallers {
  versions: VersionSummary[];
  showConfigurationEditor: boolean;
}

export const loader = prerenderedLookup;

export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<LookupState<OfflineInstallers>> {
  return runLookup(
    request,
    async (registrationId, signal) => {
      // One after the other: a wrong ID then costs the customer one failed attempt against
      // the guessing brake, not two.
      const versions = await getVersions(registrationId, signal);
      emitTelemetry({ kind: 'event', name: 'Requested all versions' });
      const families = await getFamilies(registrationId, signal);
      return {
        versions: sortVersionsNewestFirst(Object.values(versions), (version) => version.name),
        showConfigurationEditor: families[DEV_FAMILY] === true || families[DEMO_FAMILY] === true,
      };
    },
    // SPEC §8's text for a refused ID, in the page's language.
    m.invalidRegistrationId,
    'Looked up offline installers',
  );
}
// The search in the URL must run when the page is opened, not only on navigation.
clientLoader.hydrate = true as const;

export default function OfflineInstallerPage({ loaderData }: Route.ComponentProps) {
  return <OfflineInstallerView state={loaderData} busy={useLookupBusy()} />;
}

/** The newest version that has an offline installer: the one marked 'Latest'. Versions come newest first. */
function latestInstaller(versions: VersionSummary[]): string | undefined {
  return versions.find((version) => version.offlineInstaller)?.name;
}

function OfflineInstallerView({ state, busy }: { state: LookupState<OfflineInstallers>; busy: boolean }) {
  return (
    <LookupPage
      title={placeName(DESTINATIONS.cornerstoneOffline)}
      lead={m.lead}
      label={registrationId}
      idKind="registration"
      whereIsThis={<RegistrationIdHelp />}
      whereInShort={<RegistrationIdWhere />}
      state={state}
      busy={busy}
      results={(data) => {
        const latest = latestInstaller(data.versions);
        return (
          <section aria-labelledby="offline-versions">
            <h2 id="offline-versions">{m.versions}</h2>
            {data.versions.length === 0 ? (
              <p className={styles.note}>{m.noVersions}</p>
            ) : (
              <ul className={styles.results}>
                {data.versions.map((version) => (
                  <DownloadItem
                    key={version.name}
                    name={m.cornerstoneVersion({ version: version.name })}
                    uri={version.offlineInstaller}
                    file={version.offlineInstallerFile}
                    kind="installer"
                    date={downloadDate({
                      releaseDate: version.releaseDate,
                      builtAt: version.offlineInstallerBuiltAt,
                    })}
                    latest={version.name === latest}
                    releaseNotes={version.releaseNotes}
                    sbom={version.sbom}
                    absent={m.noOfflineInstaller}
                    affectedBy={affectedMarksOf(version)}
                  />
                ))}
              </ul>
            )}
            {data.showConfigurationEditor && (
              <p>
                <a href={CONFIGURATION_EDITOR_URL} download>
                  {m.configurationEditor}
                </a>
              </p>
            )}
          </section>
        );
      }}
    >
      <p>
        {m.companyEmployee({
          link: (chunks, key) => (
            <LocalLink key={key} to={href('serviceReleases')}>
              {chunks}
            </LocalLink>
          ),
        })}
      </p>
    </LookupPage>
  );
}
