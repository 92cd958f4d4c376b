import type { LatestVersion } from '@portal/contracts';
import { Link } from 'react-router';
import { CornerstoneIcon, DocumentIcon, DownloadIcon, SparkleIcon } from '../../shared/components/icons';
import { PageHeader } from '../../shared/components/page-header';
import { buttonClass } from '../../shared/components/ui/button';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { TwoColumns } from '../../shared/components/two-columns';
import { pageMeta } from '../../shared/page-meta';
import { formatDate } from '../../shared/format';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';
import type { Route } from './+types/cornerstone-page';
import { getLatestVersion } from './api/get-latest-version';
import styles from './cornerstone-page.module.css';

export const meta = () =>
  pageMeta(
    DESTINATIONS.cornerstone.title,
    'Download the Cornerstone web installer, find offline installers, PIBs and Declarations of Software Validation.',
  );

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
      <PageHeader title={DESTINATIONS.cornerstone.title} icon={CornerstoneIcon}>
        Cornerstone is the software that runs your instrument: it controls the analysis, keeps methods and results, and
        produces reports.
      </PageHeader>

      <TwoColumns side={<CornerstoneSide />} after={<CornerstoneRest />}>
        <section className={styles.hero} aria-labelledby="web-installer">
          <h2 id="web-installer">Web installer</h2>
          <LatestRelease latest={latest} loading={loading} />
          <p>
            The web installer is the quickest way to install or update Cornerstone on a computer connected to the
            internet. It downloads only the parts your instrument needs.
          </p>
          <p className={styles.actions}>
            <a className={buttonClass()} href={SITE_LINKS.cornerstoneWebInstaller} download>
              <DownloadIcon size={20} />
              Download the web installer
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
        <h2 id="offline-installer">Offline installer</h2>
        <p>
          For a computer without an internet connection, download the complete installer with your registration ID and
          copy it to the instrument computer.
        </p>
        <p>
          <Link to={href('cornerstoneOffline')}>Get the offline installer</Link>
        </p>
      </section>

      <section className={styles.panel} aria-labelledby="documents">
        <h2 id="documents">Documents</h2>
        <ul className={page.links}>
          <li>
            <Link to={href('cornerstoneDsvs')}>Declaration of Software Validation (DSV) documents</Link>
          </li>
          <li>
            <Link to={href('cornerstonePibs')}>Product Information Bulletins (PIBs)</Link>
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
        <h2 id="windows-updates">Windows security and updates</h2>
        <p>
          Keep the instrument computer&apos;s Windows security updates installed, as your IT department releases them.
          Cornerstone is tested with the Windows updates current at each release.
        </p>
        <p>
          If a Windows update stops Cornerstone from working, do not uninstall Cornerstone: contact your service
          representative, who can tell you whether an update to Cornerstone is available.
        </p>
      </aside>

      <section className={page.section} aria-labelledby="remote-control">
        <h2 id="remote-control">Remote control sample application</h2>
        <p>
          Laboratories that automate their work can start analyses and read results from their own programs through
          Cornerstone&apos;s remote control interface. The sample application shows how, with its source code.
        </p>
        <p>
          <a href={SITE_LINKS.remoteControlSample} download>
            Download the remote control sample application
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
        {loading ? 'Looking up the latest version…' : 'The web installer always installs the latest version.'}
      </p>
    );
  }
  return (
    <p className={styles.latest}>
      <span className={styles.latestLine}>
        <SparkleIcon className={styles.latestIcon} size={20} />
        <span>
          Latest version <strong>Cornerstone {latest.name}</strong>, released{' '}
          <time dateTime={latest.releaseDate}>{formatDate(latest.releaseDate)}</time>.
        </span>
      </span>{' '}
      <Link to={href('cornerstonePibs')} className={styles.whatsNew}>
        <DocumentIcon size={18} />
        What&apos;s new in {latest.name}
      </Link>
    </p>
  );
}
