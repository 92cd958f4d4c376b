import { firmwareDisplayName, intlLocale } from '@portal/contracts';
import {
  firmwareDownloadView,
  type FirmwareDownloaderInputs,
  type FirmwareDownloadView,
  type FirmwareLoad,
} from './firmware-download';
import styles from './firmware-downloader.module.css';
import * as m from './firmware.messages';
import { UPDATE_FILE_NAME } from './instruments';
import { FileSize } from '../../shared/components/file-size';
import { DownloadIcon } from '../../shared/components/icons';
import { formatDate } from '../../shared/format';
import { pageLanguage } from '../../shared/i18n/page-language';
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
        <p className={styles.loading}>{m.lookingUpLatest({ series: inputs.shortName ?? '' })}</p>
      ) : view.kind === 'error' ? (
        <p role="alert" className={alertClass('danger')}>
          {problemInPageLanguage(view)}
        </p>
      ) : (
        <>
          <a className={buttonClass()} href={view.href} download={UPDATE_FILE_NAME}>
            <DownloadIcon size={20} />
            <LatestName shortName={inputs.shortName!} version={view.version} />
          </a>
          <dl className={styles.details}>
            {view.releaseDate && (
              <div>
                <dt>{m.released}</dt>
                <dd>
                  <time dateTime={view.releaseDate}>{formatDate(view.releaseDate)}</time>
                </dd>
              </div>
            )}
            {view.sizeBytes !== undefined && (
              <div>
                <dt>{m.size}</dt>
                <dd>
                  <FileSize bytes={view.sizeBytes} />
                </dd>
              </div>
            )}
            {view.sha256 && (
              <div className={styles.sha256}>
                <dt translate="no">SHA-256</dt>
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
 * SPEC §8's words on an English page; on a page in another language, the same said in its
 * words, from the problem's data, never from the English.
 */
function problemInPageLanguage(view: Extract<FirmwareDownloadView, { kind: 'error' }>): string {
  const language = pageLanguage();
  if (language === 'en') return view.message;
  switch (view.problem) {
    case 'unreachable':
      return m.couldNotContact({ status: view.status });
    case 'unrecognized':
      return m.unrecognizedError;
    case 'unknown-instrument':
      return view.valid.length === 0
        ? m.noInstruments({ series: view.shortName })
        : m.noFirmwareFor({ series: view.shortName, valid: view.valid.join(', ') });
    case 'configuration':
      // The settings' names, joined as the language joins a list ("shortName und longName").
      return m.configurationError({
        missing: new Intl.ListFormat(intlLocale(language), { type: 'conjunction' }).format(view.missing),
      });
  }
}

/**
 * SPEC §5's name on the link, and the version as the maker writes it beside it, inside the link so
 * that a screen reader hears both: "Download PX firmware v010 (002.002.010)". Another name, once.
 */
function LatestName({ shortName, version }: { shortName: string; version: string }) {
  const shown = firmwareDisplayName(version);
  return (
    <span>
      {m.downloadFirmware({ series: shortName, version: shown })}
      {shown !== version && (
        <>
          {' '}
          <span className={styles.fullVersion}>({version})</span>
        </>
      )}
    </span>
  );
}
