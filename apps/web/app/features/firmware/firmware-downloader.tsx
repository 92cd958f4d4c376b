import { firmwareDisplayName } from '@portal/contracts';
import { firmwareDownloadView, type FirmwareDownloaderInputs, type FirmwareLoad } from './firmware-download';
import styles from './firmware-downloader.module.css';
import { FileSize } from '../../shared/components/file-size';
import { DownloadIcon } from '../../shared/components/icons';
import { formatDate } from '../../shared/format';
import { alertClass } from '../../shared/components/ui/alert';
import { buttonClass } from '../../shared/components/ui/button';

/**
 * The latest firmware of one instrument (SPEC §2): a link to its update.zip with its
 * release date, size and SHA-256, or the reason there is none. Its box keeps one height
 * whatever it shows, so the prerendered page does not move when the link fills in.
 */
export function FirmwareDownloader({ load, ...inputs }: FirmwareDownloaderInputs & { load: FirmwareLoad | undefined }) {
  const view = firmwareDownloadView(inputs, load);
  return (
    <div className={styles.box} aria-busy={view.kind === 'loading'}>
      {view.kind === 'loading' ? (
        <p className={styles.loading}>Looking up the latest {inputs.shortName} firmware…</p>
      ) : view.kind === 'error' ? (
        <p role="alert" className={alertClass('danger')}>
          {view.message}
        </p>
      ) : (
        <>
          <a className={buttonClass()} href={view.href} download="update.zip">
            <DownloadIcon size={20} />
            <LatestName shortName={inputs.shortName!} version={view.version} />
          </a>
          <dl className={styles.details}>
            {view.releaseDate && (
              <div>
                <dt>Released</dt>
                <dd>{formatDate(view.releaseDate)}</dd>
              </div>
            )}
            {view.sizeBytes !== undefined && (
              <div>
                <dt>Size</dt>
                <dd>
                  <FileSize bytes={view.sizeBytes} />
                </dd>
              </div>
            )}
            {view.sha256 && (
              <div className={styles.sha256}>
                <dt>SHA-256</dt>
                <dd>
                  <code>{view.sha256}</code>
                </dd>
              </div>
            )}
          </dl>
        </>
      )}
    </div>
  );
}

/**
 * SPEC §5's name on the link, and the version as the maker writes it beside it, inside the link so
 * that a screen reader hears both: "Download PX firmware v010 (002.002.010)". Another name, once.
 */
function LatestName({ shortName, version }: { shortName: string; version: string }) {
  const shown = firmwareDisplayName(version);
  return (
    <span>
      Download {shortName} firmware {shown}
      {shown !== version && (
        <>
          {' '}
          <span className={styles.fullVersion}>({version})</span>
        </>
      )}
    </span>
  );
}
