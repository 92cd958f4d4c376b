import type { SbomLink } from '@portal/contracts';
import { FileLink } from '../components/file-link';
import { DownloadFacts } from './download-facts';
import * as m from './lookup.messages';
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
        {m.sbomOf({
          format: sbom.format,
          count: sbom.componentCount,
          name,
          hidden: (chunks, key) => (
            <span key={key} className={styles.visuallyHidden}>
              {chunks}
            </span>
          ),
        })}
      </FileLink>
      <DownloadFacts file={sbom.file} kind="document" date={undefined} name={m.sbomName({ name })} />
    </div>
  );
}
