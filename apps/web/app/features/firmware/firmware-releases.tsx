import { firmwareFullName, type FirmwareReleaseListing } from '@portal/contracts';
import { AffectedMarks, affectedMarksOf } from '../../shared/components/affected-marks';
import { FileCheck } from '../../shared/components/file-check';
import { FileSize } from '../../shared/components/file-size';
import { Button } from '../../shared/components/ui/button';
import { SbomDownload } from '../../shared/lookup/sbom-download';
import { printOrSave } from '../../shared/lookup/lookup.messages';
import { formatByteCount, formatDate } from '../../shared/format';
import page from '../../styles/page.module.css';
import type { FirmwareDownloadView } from './firmware-download';
import * as m from './firmware.messages';
import { UPDATE_FILE_NAME, type FirmwareInstrument } from './instruments';
import styles from './firmware-releases.module.css';

type LatestFirmware = Extract<FirmwareDownloadView, { kind: 'download' }>;

/**
 * What a lab needs to believe a firmware file, below the update instructions (so nothing the
 * prerendered page shows moves when it fills in): the latest release's notes as text and how
 * to check its SHA-256, then every earlier release still published, each with its notes and
 * SHA-256; each with its software bill of materials where it has one. Notes are text from the catalogue: rendered as text, never as markup.
 */
export function FirmwareReleases({
  instrument,
  latest,
  releases,
}: {
  instrument: FirmwareInstrument;
  latest: LatestFirmware;
  releases: FirmwareReleaseListing[] | undefined;
}) {
  const { shortName } = instrument;
  const earlier = (releases ?? []).filter(
    (release) => release.instrument === shortName && release.version !== latest.version,
  );
  const latestListing = releases?.find(
    (release) => release.instrument === shortName && release.version === latest.version,
  );
  const notesUrl = latestListing?.releaseNotesUrl;
  const name = releaseName(shortName, latest.version);
  return (
    <>
      <section className={page.section} aria-labelledby="latest-release-notes">
        <div className={styles.heading}>
          <h2 id="latest-release-notes">{name}</h2>
          <Button variant="secondary" className={styles.printButton} onClick={() => window.print()}>
            {printOrSave}
          </Button>
        </div>
        {latestListing && <AffectedMarks marks={affectedMarksOf(latestListing)} />}
        {latest.releaseNotes !== undefined && <ReleaseNotes notes={latest.releaseNotes} url={notesUrl} />}
        {latest.sha256 && <FileCheck fileName={UPDATE_FILE_NAME} sha256={latest.sha256} name={name} />}
        {latestListing?.sbom && <SbomDownload sbom={latestListing.sbom} name={name} />}
      </section>
      {earlier.length > 0 && (
        <section className={page.section} aria-labelledby="earlier-firmware">
          <h2 id="earlier-firmware">{m.earlierFirmware({ series: shortName })}</h2>
          <p>{m.stillPublished}</p>
          <ul className={styles.releases}>
            {earlier.map((release) => (
              <EarlierRelease key={release.version} shortName={shortName} release={release} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function ReleaseNotes({ notes, url }: { notes: string; url: string | undefined }) {
  return (
    <div className={styles.notesBlock}>
      <h3 className={styles.notesHeading}>{m.releaseNotes}</h3>
      {/* As the maker published them: English on a page in any language. */}
      <div className={styles.notes} lang="en">
        {notes}
      </div>
      {url && (
        <p className={styles.notesLink}>
          <a href={url}>{m.releaseNotesFile}</a>
        </p>
      )}
    </div>
  );
}

function EarlierRelease({ shortName, release }: { shortName: string; release: FirmwareReleaseListing }) {
  const name = releaseName(shortName, release.version);
  return (
    <li className={styles.release}>
      <h3>{name}</h3>
      <AffectedMarks marks={affectedMarksOf(release)} />
      <dl className={styles.facts}>
        <div>
          <dt>{m.released}</dt>
          <dd>
            <time dateTime={release.releaseDate}>{formatDate(release.releaseDate)}</time>
          </dd>
        </div>
        <div>
          <dt>{m.size}</dt>
          <dd>
            <FileSize bytes={release.sizeBytes} />
            <span className={styles.printOnly} aria-hidden="true">
              {' '}
              ({formatByteCount(release.sizeBytes)})
            </span>
          </dd>
        </div>
        <div className={styles.sha256}>
          <dt translate="no">SHA-256</dt>
          <dd>
            <code>{release.sha256}</code>
          </dd>
        </div>
      </dl>
      <p>
        <a href={release.url} download={UPDATE_FILE_NAME}>
          {m.downloadFirmware({ series: shortName, version: firmwareFullName(release.version) })}
        </a>
      </p>
      <ReleaseNotes notes={release.releaseNotes} url={release.releaseNotesUrl} />
      <FileCheck fileName={UPDATE_FILE_NAME} sha256={release.sha256} name={name} />
      {release.sbom && <SbomDownload sbom={release.sbom} name={name} />}
    </li>
  );
}

/**
 * One release named as a whole, in the page's language: SPEC §5's name and the version as
 * written (decision 137), "PX firmware v010 (002.002.010)" in English.
 */
function releaseName(shortName: string, version: string): string {
  return m.releaseName({ series: shortName, version: firmwareFullName(version) });
}
