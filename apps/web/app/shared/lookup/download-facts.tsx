import type { FileDetails } from '@portal/contracts';
import { CopyButton } from '../components/copy-button';
import { FileSize } from '../components/file-size';
import { formatByteCount, formatDate, formatFileSize } from '../format';
import { fileTypeLabel, type DownloadKind } from './file-type';
import styles from './lookup.module.css';

/** A date of a download and what it is: 'Released' (a YYYY-MM-DD date), 'Built' or 'Published' (a time). */
export interface DownloadDate {
  label: 'Released' | 'Built' | 'Published';
  value: string;
}

/** The date a person goes by: the release date where there is one, else the build, else publication. */
export function downloadDate(
  file: FileDetails,
  { releaseDate, builtAt }: { releaseDate?: string | null; builtAt?: string | null } = {},
): DownloadDate {
  if (releaseDate) return { label: 'Released', value: releaseDate };
  if (builtAt) return { label: 'Built', value: builtAt };
  return { label: 'Published', value: file.publishedAt };
}

interface DownloadFactsProps {
  file: FileDetails;
  kind: DownloadKind;
  date: DownloadDate;
  /** What the download is called on the page, for the Copy button's accessible name. */
  name: string;
}

/**
 * What a download is, before and after it is downloaded: file name, type, size (exact bytes
 * on hover and to assistive technology), date and SHA-256 with a Copy button.
 */
export function DownloadFacts({ file, kind, date, name }: DownloadFactsProps) {
  return (
    <>
      <dl className={styles.facts}>
        <div className={styles.fact}>
          <dt>File</dt>
          <dd className={styles.fileName}>{file.fileName}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Type</dt>
          <dd>{fileTypeLabel(file, kind)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>Size</dt>
          <dd>
            <FileSize bytes={file.sizeBytes} />
            {formatFileSize(file.sizeBytes) !== formatByteCount(file.sizeBytes) && (
              <span className={styles.printOnly} aria-hidden="true">
                {' '}
                ({formatByteCount(file.sizeBytes)})
              </span>
            )}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{date.label}</dt>
          <dd>
            <time dateTime={date.value}>{formatDate(date.value)}</time>
          </dd>
        </div>
      </dl>
      <div className={styles.checksum}>
        <span className={styles.checksumLabel}>SHA-256</span>
        <code className={styles.sha}>{file.sha256}</code>
        <CopyButton text={file.sha256} label={`Copy SHA-256 of ${name}`} />
      </div>
    </>
  );
}
