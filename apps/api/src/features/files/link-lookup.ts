import type { DownloadLookup } from '@portal/contracts';
import { registrationDigestOf } from '../../plugins/download-links';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';

/**
 * The lookup that handed out a link to `fileId` for `grant`: where the person whose link
 * expired finds the file again. Undefined when the file or the registration is no longer
 * published. Runs only for broken links, so it may walk the catalogue.
 */
export function lookupOfLink(snapshot: CatalogueSnapshot, fileId: string, grant: string): DownloadLookup | undefined {
  const sbom = [...snapshot.sboms.entries()].find(([, record]) => record.file.id === fileId)?.[0];
  const isChromatofFile =
    snapshot.chromatofReleases.some((release) => release.files.some(({ file }) => file.id === fileId)) ||
    sbom?.startsWith('chromatof:') === true;
  const isPib = snapshot.pibs.some((pib) => pib.file.id === fileId);
  const digest = registrationDigestOf(grant);
  if (digest === null) {
    if (isChromatofFile) return 'service-chromatof-releases';
    return isPib ? 'service-releases' : undefined;
  }
  const registration = snapshot.registrations.get(digest);
  if (!registration) return undefined;
  if (registration.scheme === 'rainbow') {
    if (isChromatofFile) return 'chromatof';
    return isPib ? 'chromatof-pibs' : undefined;
  }
  if (isPib) return 'pibs';
  if ([...snapshot.dsvs.values()].some((dsv) => dsv.file.id === fileId)) return 'dsvs';
  const isInstaller = [...snapshot.versions.values()].some((version) => version.offlineInstaller?.id === fileId);
  const isReleaseNotes = [...snapshot.releaseNotes.values()].some((file) => file.id === fileId);
  const isSbom = sbom?.startsWith('cornerstone:') === true;
  return isInstaller || isReleaseNotes || isSbom ? 'offline-installer' : undefined;
}
