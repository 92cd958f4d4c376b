import type { FileDetails, ReleaseNotesLink } from '@portal/contracts';
import type { DownloadLinks, Grant } from '../download-links';
import { isSentInline } from '../file-delivery';
import { releaseNotesKey, type CatalogueSnapshot, type FileRecord } from './catalogue-snapshot';

/**
 * What the lookups answer about a file beside its link: name, type, whether its link opens
 * inline (the browser decides new tab or download from this alone), size, SHA-256, publication time.
 */
export function fileDetails(file: FileRecord): FileDetails {
  return {
    fileName: file.name,
    contentType: file.contentType,
    inline: isSentInline(file.contentType),
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
    publishedAt: file.publishedAt,
  };
}

/**
 * The release notes of a product's version, behind a link signed for the same grant as the
 * download they go with; null when none are published.
 */
export function releaseNotesLink(
  snapshot: CatalogueSnapshot,
  product: string,
  version: string,
  grant: Grant,
  links: DownloadLinks,
): ReleaseNotesLink | null {
  const file = snapshot.releaseNotes.get(releaseNotesKey(product, version));
  return file ? { uri: links.sign(file, grant), file: fileDetails(file) } : null;
}
