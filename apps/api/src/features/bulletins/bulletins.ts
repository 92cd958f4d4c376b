import { CORNERSTONE_PRODUCT, type Pib } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersionNames } from '../../plugins/catalogue/entitlements';
import { fileDetails, releaseNotesLink } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks } from '../../plugins/download-links';

/** Cornerstone PIBs of the versions a registration may have; a key ID's own product's PIBs; all for staff. */
export function pibsFor(snapshot: CatalogueSnapshot, caller: Caller, links: DownloadLinks): Pib[] {
  const grant = grantOf(caller);
  let visible = snapshot.pibs;
  if (caller.kind === 'customer') {
    const { registration } = caller;
    if (registration.scheme === 'rainbow') {
      visible = visible.filter((pib) => pib.product === registration.product);
    } else {
      const versions = entitledVersionNames(snapshot, caller);
      visible = visible.filter((pib) => pib.product === CORNERSTONE_PRODUCT && versions.has(pib.version));
    }
  }
  return visible.map((pib) => ({
    product: pib.product,
    version: pib.version,
    internalVariant: pib.internalVariant,
    variant: pib.variant,
    uri: links.sign(pib.file, grant),
    file: fileDetails(pib.file),
    releaseNotes: releaseNotesLink(snapshot, pib.product, pib.version, grant, links),
  }));
}
