import type { Pib } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { documentDetails, statedReleaseDate } from '../../plugins/catalogue/documents';
import { fileDetails, releaseNotesLink } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks } from '../../plugins/download-links';
import { entitledPibs } from './queries';

/**
 * The PIBs the caller may see (queries.ts), each with its signed link, its document fields, the
 * release date the maker states for its version, and its release notes.
 */
export function pibsFor(snapshot: CatalogueSnapshot, caller: Caller, links: DownloadLinks): Pib[] {
  const grant = grantOf(caller);
  return entitledPibs(snapshot, caller).map((pib) => ({
    product: pib.product,
    version: pib.version,
    internalVariant: pib.internalVariant,
    variant: pib.variant,
    uri: links.sign(pib.file, grant),
    file: fileDetails(pib.file),
    document: documentDetails(pib.document),
    releaseDate: statedReleaseDate(snapshot, pib.product, pib.version),
    releaseNotes: releaseNotesLink(snapshot, pib.product, pib.version, grant, links),
  }));
}
