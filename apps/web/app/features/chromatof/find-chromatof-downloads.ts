import {
  compareVersions,
  keyIdDownloadsAuthorization,
  type ChromatofDownloadKind,
  type AffectedByMark,
  type FileDetails,
} from '@portal/contracts';
import { getChromatofDownload } from './api/get-chromatof-download';
import { getHalLinks } from './api/get-hal-links';

/** SPEC §3 'Download entry': name from the resource's label, url from its uri; what the file is, to check it by. */
export interface DownloadEntry {
  name: string;
  url: string;
  file: FileDetails;
  kind: ChromatofDownloadKind;
  releaseDate: string | null;
  /** The installer of its product's newest release. */
  latest: boolean;
  /** The security advisories that affect its release. */
  affectedBy: readonly AffectedByMark[];
}

/** Made on first use, not when the page's modules load: a collator loads collation data (decision 165). */
let naturalOrder: Intl.Collator | undefined;
const naturalCompare = (a: string, b: string) =>
  (naturalOrder ??= new Intl.Collator('en', { numeric: true })).compare(a, b);

/**
 * The download lookup of SPEC §7, by following links only: the configured endpoint lists
 * the key's products, the first one's href lists its downloads, and each of those is
 * fetched. Null when there is nothing to list. Sorted by name, descending natural order
 * (ChromaTOF 6.10 before 6.9).
 */
export async function findChromatofDownloads(
  entryUrl: string,
  keyId: string,
  signal: AbortSignal,
): Promise<DownloadEntry[] | null> {
  const authorization = keyIdDownloadsAuthorization(keyId);
  const [first] = await getHalLinks(entryUrl, authorization, signal);
  if (!first) return null;
  const links = await getHalLinks(first.href, authorization, signal);
  if (links.length === 0) return null;
  const downloads = await Promise.all(links.map((link) => getChromatofDownload(link.href, authorization, signal)));
  const newest = new Map<string, string>();
  for (const { product, version } of downloads) {
    const current = newest.get(product);
    if (current === undefined || compareVersions(version, current) > 0) newest.set(product, version);
  }
  return downloads
    .map((download) => ({
      name: download.label,
      url: download.uri,
      file: {
        fileName: download.fileName,
        contentType: download.contentType,
        inline: download.inline,
        sizeBytes: download.sizeBytes,
        sha256: download.sha256,
        publishedAt: download.publishedAt,
      },
      kind: download.kind,
      affectedBy: download.affectedBy,
      releaseDate: download.releaseDate,
      latest: download.kind === 'installer' && newest.get(download.product) === download.version,
    }))
    .sort((a, b) => naturalCompare(b.name, a.name));
}
