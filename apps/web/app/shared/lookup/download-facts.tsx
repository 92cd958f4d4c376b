import type { DocumentDetails, FileDetails } from '@portal/contracts';
import { CopyButton } from '../components/copy-button';
import { FileSize } from '../components/file-size';
import { formatByteCount, formatDate, formatFileSize } from '../format';
import { useIdentity } from '../identity/identity-store';
import { fileTypeLabel, isFormatName, type DownloadKind } from './file-type';
import * as m from './lookup.messages';
import styles from './lookup.module.css';

/** A date the maker states for a download and what it is: 'Released' (a YYYY-MM-DD date) or 'Built' (a time). */
export interface DownloadDate {
  label: 'Released' | 'Built';
  value: string;
}

/**
 * The date a person goes by: the release date the maker states where there is one, else
 * the installer's build time; none otherwise. The day a file was imported into the portal
 * is no date of the maker's (docs/decisions/155-documents-carry-their-own-identity.md): only
 * signed-in staff see it, as 'Imported'.
 */
export function downloadDate({ releaseDate, builtAt }: { releaseDate?: string | null; builtAt?: string | null } = {}):
  DownloadDate | undefined {
  if (releaseDate) return { label: 'Released', value: releaseDate };
  if (builtAt) return { label: 'Built', value: builtAt };
  return undefined;
}

interface DownloadFactsProps {
  file: FileDetails;
  kind: DownloadKind;
  date: DownloadDate | undefined;
  /** A PIB's or DSV's number, title, revision and effective date; each shown when the manifest gives it. */
  document?: DocumentDetails;
  /** What the download is called on the page, for the Copy button's accessible name. */
  name: string;
}

/**
 * What a download is, before and after it is downloaded: a document's number, title,
 * revision and effective date where given, file name, type, size (exact bytes on hover and
 * to assistive technology), the maker's date and SHA-256 with a Copy button.
 */
export function DownloadFacts({ file, kind, date, document, name }: DownloadFactsProps) {
  // Staff are signed in on this browser; a customer never is.
  const staff = useIdentity() !== undefined;
  return (
    <>
      <dl className={styles.facts}>
        {document && <DocumentFacts document={document} />}
        <div className={styles.fact}>
          <dt>{m.file}</dt>
          <dd className={styles.fileName} translate="no">
            {file.fileName}
          </dd>
        </div>
        <div className={styles.fact}>
          <dt>{m.type}</dt>
          <dd translate={isFormatName(file, kind) ? 'no' : undefined}>{fileTypeLabel(file, kind)}</dd>
        </div>
        <div className={styles.fact}>
          <dt>{m.size}</dt>
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
        {date && (
          <div className={styles.fact}>
            <dt>{date.label === 'Released' ? m.released : m.built}</dt>
            <dd>
              <time dateTime={date.value}>{formatDate(date.value)}</time>
            </dd>
          </div>
        )}
        {staff && (
          <div className={styles.fact}>
            <dt>{m.imported}</dt>
            <dd>
              <time dateTime={file.publishedAt}>{formatDate(file.publishedAt)}</time>
            </dd>
          </div>
        )}
      </dl>
      <div className={styles.checksum}>
        <span className={styles.checksumLabel} translate="no">
          SHA-256
        </span>
        <code className={styles.sha} translate="no">
          {file.sha256}
        </code>
        <CopyButton text={file.sha256} label={m.copySha256Of({ name })} />
      </div>
    </>
  );
}

/** The document's own identity, as its maker gives it: only the fields the manifest has. */
function DocumentFacts({ document }: { document: DocumentDetails }) {
  const facts = [
    [m.documentNumber, document.number],
    [m.title, document.title],
    [m.revision, document.revision],
  ] as const;
  return (
    <>
      {facts.map(([label, value]) =>
        value ? (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            {/* The maker's own words for its document, as published: English on a page in any language. */}
            <dd className={styles.fileName} lang="en">
              {value}
            </dd>
          </div>
        ) : null,
      )}
      {document.effectiveDate && (
        <div className={styles.fact}>
          <dt>{m.effective}</dt>
          <dd>
            <time dateTime={document.effectiveDate}>{formatDate(document.effectiveDate)}</time>
          </dd>
        </div>
      )}
    </>
  );
}
