import { Link } from 'react-router';
import { DESTINATIONS, href } from '../../shared/navigation/navigation';
import { pageMeta } from '../../shared/page-meta';
import { SITE_LINKS } from '../../shared/site-links';
import page from '../../styles/page.module.css';

export const meta = () =>
  pageMeta(
    DESTINATIONS.cornerstone.title,
    'Download the Cornerstone web installer, find offline installers, PIBs and Declarations of Software Validation.',
  );

export default function CornerstonePage() {
  return (
    <>
      <h1>{DESTINATIONS.cornerstone.title}</h1>
      <p className={page.lead}>
        Cornerstone is the software that runs your instrument: it controls the analysis, keeps methods and results, and
        produces reports.
      </p>

      <section className={page.section} aria-labelledby="web-installer">
        <h2 id="web-installer">Web installer</h2>
        <p>
          The web installer is the quickest way to install or update Cornerstone on a computer connected to the
          internet. It downloads only the parts your instrument needs.
        </p>
        <p>
          <a className={page.button} href={SITE_LINKS.cornerstoneWebInstaller} download>
            Download the web installer
          </a>
        </p>
      </section>

      <section className={page.section} aria-labelledby="offline-installer">
        <h2 id="offline-installer">Offline installer</h2>
        <p>
          For a computer without an internet connection, download the complete installer with your registration ID and
          copy it to the instrument computer.
        </p>
        <p>
          <Link to={href('cornerstoneOffline')}>Get the offline installer</Link>
        </p>
      </section>

      <section className={page.section} aria-labelledby="documents">
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
