import type {
  CatalogueSnapshot,
  ChromatofReleaseRecord,
  RegistrationRecord,
} from '../../plugins/catalogue/catalogue-snapshot';

/**
 * What other features may ask of the ChromaTOF downloads: read-only queries, the feature's
 * public entry (docs/decisions/105-catalogue-sections-own-their-tables.md). The feeds ask
 * which releases a key ID may download, as the download lookup answers them.
 */

/** Every release of the products in the key's `downloads`, in no particular order. */
export function downloadableReleases(snapshot: CatalogueSnapshot, key: RegistrationRecord): ChromatofReleaseRecord[] {
  return snapshot.chromatofReleases.filter((release) => key.downloads.includes(release.product));
}
