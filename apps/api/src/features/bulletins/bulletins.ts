import { CORNERSTONE_PRODUCT, type Pib, type ReleaseReference } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { documentDetails, statedReleaseDate } from '../../plugins/catalogue/documents';
import { fileDetails, releaseNotesLink } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks } from '../../plugins/download-links';
import { affectedByOf, type AffectedByMarks } from '../security-advisories/queries';
import { entitledPibs } from './queries';

/**
 * The PIBs the caller may see (queries.ts), each with its signed link, its document fields, the
 * release date the maker states for its version, its release notes, and the advisories that
 * affect the release it is for (from the prebuilt marks).
 */
export function pibsFor(
  snapshot: CatalogueSnapshot,
  caller: Caller,
  links: DownloadLinks,
  marks: AffectedByMarks,
): Pib[] {
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
    affectedBy: affectedByOf(marks, pibRelease(pib.product, pib.version)),
  }));
}

/** The release a PIB is for: a Cornerstone version, or a ChromaTOF product's version. */
function pibRelease(product: string, version: string): ReleaseReference {
  return product === CORNERSTONE_PRODUCT ? { kind: 'cornerstone', version } : { kind: 'chromatof', product, version };
}
