import { sbomTitle, type SbomLink } from '@portal/contracts';
import { FileLink } from '../components/file-link';
import { DownloadFacts } from './download-facts';
import styles from './lookup.module.css';

/**
 * A release's software bill of materials beside its download (docs/sbom.md#what-customers-get):
 * "Software bill of materials (CycloneDX 1.6, 4 components)", its file, type, size and
 * SHA-256. The one look of it: the offline installer and ChromaTOF lookups and the firmware
 * pages show this.
 */
export function SbomDownload({
  sbom,
  name,
}: {
  sbom: SbomLink;
  /** What it belongs to: 'Cornerstone 2.10.0'. */ name: string;
}) {
  return (
    <div className={styles.releaseNotes}>
      <FileLink href={sbom.uri} inline={sbom.file.inline} className={styles.releaseNotesLink}>
        {sbomTitle(sbom.format, sbom.componentCount)}
        <span className={styles.visuallyHidden}> of {name}</span>
      </FileLink>
      <DownloadFacts file={sbom.file} kind="document" date={undefined} name={`software bill of materials of ${name}`} />
    </div>
  );
}
