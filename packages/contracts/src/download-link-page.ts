/**
 * What the page of a broken download link needs: its address, the problems it names and the
 * lookups it sends a person back to. A module without schemas, so that page bundles no
 * TypeBox (decision 165); the schemas of files and their links are in files.ts.
 */

/**
 * The web page a person is sent to who opened a download link that no longer works
 * (docs/decisions/091-broken-download-links-lead-people-to-a-page.md). Its query names the
 * problem and, as a path without a query, the page the link was found on.
 */
export const DOWNLOAD_LINK_PAGE = '/download-link';
export const DOWNLOAD_LINK_PROBLEMS = ['expired', 'invalid', 'withdrawn'] as const;
export type DownloadLinkProblem = (typeof DOWNLOAD_LINK_PROBLEMS)[number];

/**
 * The lookup that hands out links to a file, named on the page for an expired link (its
 * signature vouches for the file) so a person opening it from a mail or a bookmark can look
 * the file up again. A tampered link names none: the server cannot vouch for its file.
 */
export const DOWNLOAD_LOOKUPS = [
  'offline-installer',
  'pibs',
  'dsvs',
  'chromatof',
  'chromatof-pibs',
  'service-releases',
  'service-chromatof-releases',
] as const;
export type DownloadLookup = (typeof DOWNLOAD_LOOKUPS)[number];

/** What the link of a withdrawn file answers, and the page a person opening it sees. */
export function fileWithdrawnMessage(makerName: string): string {
  return `This file has been withdrawn by ${makerName}.`;
}
