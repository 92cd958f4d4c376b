import {
  type AffectedByMark,
  type DocumentDetails,
  type FileDetails,
  type ReleaseNotesLink,
  type SbomLink,
} from '@portal/contracts';
import type { ReactNode } from 'react';
import { AffectedMarks } from '../components/affected-marks';
import { FileCheck } from '../components/file-check';
import { FileLink } from '../components/file-link';
import { DownloadFacts, type DownloadDate } from './download-facts';
import * as m from './lookup.messages';
import type { DownloadKind } from './file-type';
import styles from './lookup.module.css';
import { SbomDownload } from './sbom-download';

interface DownloadItemProps {
  /** What the download is called: 'Cornerstone 2.10.0'. */
  name: string;
  /** The language of `name` when it is the maker's label as published, not the page's words. */
  nameLanguage?: string;
  /** The signed link; absent when there is nothing to download (a version without an installer). */
  uri?: string | null;
  file?: FileDetails | null;
  kind: DownloadKind;
  /** The date the maker states (DownloadFacts' downloadDate); none is shown without one. */
  date?: DownloadDate;
  /** A PIB's or DSV's document fields. */
  document?: DocumentDetails;
  latest?: boolean;
  releaseNotes?: ReleaseNotesLink | null;
  /** The release's software bill of materials, offered beside its installer (docs/sbom.md). */
  sbom?: SbomLink | null;
  /** Shown instead of the file details when there is no file. */
  absent?: ReactNode;
  /** The security advisories that affect this version (`affectedMarksOf` its answer). */
  affectedBy?: readonly AffectedByMark[];
}

/**
 * One result of a lookup: its link (what the server sends inline, a PDF, opens in a new tab,
 * anything else downloads; FileLink), with 'Latest' on the newest installer, what the file
 * is, how to check an installer once downloaded (FileCheck), and its release notes where
 * published. No 'Copy link': every link here is signed for the customer's registration
 * (docs/decisions/089-no-copy-link-for-registration-links.md).
 */
export function DownloadItem({
  name,
  nameLanguage,
  uri,
  file,
  kind,
  date,
  document,
  latest,
  releaseNotes,
  sbom,
  absent,
  affectedBy = [],
}: DownloadItemProps) {
  return (
    <li>
      <div className={styles.itemHead}>
        {uri ? (
          <FileLink href={uri} inline={file?.inline ?? false}>
            {nameLanguage ? <span lang={nameLanguage}>{name}</span> : name}
          </FileLink>
        ) : (
          <span lang={nameLanguage}>{name}</span>
        )}
        {latest && <span className={styles.badge}>{m.latest}</span>}
      </div>
      <AffectedMarks marks={affectedBy} />
      {file ? (
        <>
          <DownloadFacts file={file} kind={kind} date={date} document={document} name={name} />
          {kind === 'installer' && <FileCheck fileName={file.fileName} sha256={file.sha256} name={name} />}
        </>
      ) : (
        <p className={styles.note}>{absent}</p>
      )}
      {releaseNotes && (
        <div className={styles.releaseNotes}>
          <FileLink href={releaseNotes.uri} inline={releaseNotes.file.inline} className={styles.releaseNotesLink}>
            {m.releaseNotesOf({
              name,
              hidden: (chunks, key) => (
                <span key={key} className={styles.visuallyHidden}>
                  {chunks}
                </span>
              ),
            })}
          </FileLink>
          <DownloadFacts
            file={releaseNotes.file}
            kind="document"
            // The notes of a release carry its release date; a build time is the installer's alone.
            date={date?.label === 'Released' ? date : undefined}
            name={m.releaseNotesName({ name })}
          />
        </div>
      )}
      {sbom && <SbomDownload sbom={sbom} name={name} />}
    </li>
  );
}
