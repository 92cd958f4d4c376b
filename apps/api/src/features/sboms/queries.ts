import { releaseReferenceKey, type ReleaseReference, type SbomLink } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { fileDetails } from '../../plugins/catalogue/file-details';
import type { DownloadLinks, Grant } from '../../plugins/download-links';

/**
 * What other features may ask of the SBOMs: the feature's public entry
 * (docs/decisions/105-catalogue-sections-own-their-tables.md). The lookups and the feeds
 * offer a release's SBOM beside its installer; the drafts check a draft's SBOMs.
 */
export { checkSboms, sbomEntries, SBOM_DOWNLOAD_LABEL, type SbomRecord } from './section';

/** The live SBOM of a release, or undefined (none published, or its file withdrawn). */
export function sbomOf(snapshot: CatalogueSnapshot, reference: ReleaseReference) {
  return snapshot.sboms.get(releaseReferenceKey(reference));
}

/**
 * A release's SBOM behind a link signed for the same grant as the release's installer
 * (docs/sbom.md#what-customers-get); null when it has none to offer.
 */
export function sbomLink(
  snapshot: CatalogueSnapshot,
  reference: ReleaseReference,
  grant: Grant,
  links: DownloadLinks,
): SbomLink | null {
  const sbom = sbomOf(snapshot, reference);
  if (!sbom) return null;
  return {
    uri: links.sign(sbom.file, grant),
    format: sbom.format,
    componentCount: sbom.componentCount,
    file: fileDetails(sbom.file),
  };
}
