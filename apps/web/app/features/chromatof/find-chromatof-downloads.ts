import { keyIdDownloadsAuthorization } from '@portal/contracts';
import { getChromatofDownload } from './api/get-chromatof-download';
import { getHalLinks } from './api/get-hal-links';

/** SPEC §3 'Download entry': name from the resource's label, url from its uri; size and SHA-256 to check it by. */
export interface DownloadEntry {
  name: string;
  url: string;
  sizeBytes: number;
  sha256: string;
}

const naturalOrder = new Intl.Collator('en', { numeric: true });

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
  return downloads
    .map((download) => ({
      name: download.label,
      url: download.uri,
      sizeBytes: download.sizeBytes,
      sha256: download.sha256,
    }))
    .sort((a, b) => naturalOrder.compare(b.name, a.name));
}
