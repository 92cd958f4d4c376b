import type { LatestVersion } from '@portal/contracts';
import { CornerstoneIcon, DocumentIcon, DownloadIcon, SparkleIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { buttonClass } from '../../shared/components/ui/button';
import { LocalLink } from '../../shared/i18n/local-link';
import type { Tag } from '../../shared/i18n/message';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { placeName } from '../../shared/navigation/place-name';
import { TwoColumns } from '../../shared/components/two-columns';
import { pageMeta } from '../../shared/page-meta';
import { formatDate } from '../../shared/format';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import type { Route } from './+types/cornerstone-page';
import { getLatestVersion } from './api/get-latest-version';
import styles from './cornerstone-page.module.css';
import * as m from './cornerstone.messages';

export const meta = () => pageMeta(placeName(DESTINATIONS.cornerstone), m.description);

/** The latest release, or undefined when it cannot be read: the page works without it. */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<{ latest?: LatestVersion }> {
  try {
    return { latest: await getLatestVersion(request.signal) };
  } catch (error) {
    if (request.signal.aborted) throw error;
    return {};
  }
}
// The prerendered page shows everything but the version; the version fills in its reserved line.
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <CornerstoneView loading />;
}

export default function CornerstonePage({ loaderData }: Route.ComponentProps) {
  return <CornerstoneView latest={loaderData.latest} />;
}

function CornerstoneView({ latest, loading = false }: { latest?: LatestVersion; loading?: boolean }) {
  return (
    <>
      <PageHeader title={placeName(DESTINATIONS.cornerstone)} icon={CornerstoneIcon}>
        {m.lead}
      </PageHeader>

      <TwoColumns side={<CornerstoneSide />} after={<CornerstoneRest />}>
        <section className={styles.hero} aria-labelledby="web-installer">
          <h2 id="web-installer">{m.webInstaller}</h2>
          <LatestRelease latest={latest} loading={loading} />
          <p>{m.webInstallerText}</p>
          <p className={styles.actions}>
            <a className={buttonClass()} href={SITE_LINKS.cornerstoneWebInstaller} download>
              <DownloadIcon size={20} />
              {m.downloadWebInstaller}
            </a>
          </p>
        </section>
      </TwoColumns>
    </>
  );
}

/** Beside the web installer on a desktop screen: the other ways to install, and the documents. */
function CornerstoneSide() {
  return (
    <div className={styles.sideStack}>
      <section className={styles.panel} aria-labelledby="offline-installer">
        <h2 id="offline-installer">{m.offlineInstaller}</h2>
        <p>{m.offlineInstallerText}</p>
        <p>
          <LocalLink to={href('cornerstoneOffline')}>{m.getOfflineInstaller}</LocalLink>
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="documents">
        <h2 id="documents">{m.documents}</h2>
        <ul className={page.links}>
          <li>
            <LocalLink to={href('cornerstoneDsvs')}>{m.dsvDocuments}</LocalLink>
          </li>
          <li>
            <LocalLink to={href('cornerstonePibs')}>{m.pibs}</LocalLink>
          </li>
        </ul>
      </section>
    </div>
  );
}

/** After the side column on a phone: the Windows notice and the remote control sample. */
function CornerstoneRest() {
  return (
    <>
      <aside className={page.notice} aria-labelledby="windows-updates">
        <h2 id="windows-updates">{m.windowsUpdates}</h2>
        <p>{m.windowsUpdatesKeep}</p>
        <p>{m.windowsUpdatesProblem}</p>
      </aside>

      <section className={page.section} aria-labelledby="remote-control">
        <h2 id="remote-control">{m.remoteControl}</h2>
        <p>{m.remoteControlText}</p>
        <p>
          <a href={SITE_LINKS.remoteControlSample} download>
            {m.downloadRemoteControl}
          </a>
        </p>
      </section>
    </>
  );
}

/**
 * The latest version, its release date and what is new in it: one line of fixed height
 * whatever it shows, so nothing moves when it fills in after the prerendered page.
 */
function LatestRelease({ latest, loading }: { latest?: LatestVersion; loading: boolean }) {
  if (!latest) {
    return (
      <p className={styles.latest} aria-busy={loading}>
        {loading ? m.lookingUpLatest : m.alwaysLatest}
      </p>
    );
  }
  return (
    <p className={styles.latest}>
      <span className={styles.latestLine}>
        <SparkleIcon className={styles.latestIcon} size={20} />
        <span>
          {m.latestVersion({
            version: latest.name,
            released: formatDate(latest.releaseDate),
            b: strong,
            time: (chunks, key) => (
              <time key={key} dateTime={latest.releaseDate}>
                {chunks}
              </time>
            ),
          })}
        </span>
      </span>{' '}
      <LocalLink to={href('cornerstonePibs')} className={styles.whatsNew}>
        <DocumentIcon size={18} />
        {m.whatsNewIn({ version: latest.name })}
      </LocalLink>
    </p>
  );
}

const strong: Tag = (chunks, key) => <strong key={key}>{chunks}</strong>;
