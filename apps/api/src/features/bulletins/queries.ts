import { CORNERSTONE_PRODUCT } from '@portal/contracts';
import type { CatalogueSnapshot, PibRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersionNames } from '../../plugins/catalogue/entitlements';
import type { Entitled } from '../../plugins/customer-auth/customer-auth';

/**
 * What other features may ask of the bulletins: read-only queries, the feature's public
 * entry (docs/decisions/105-catalogue-sections-own-their-tables.md). The feeds ask which
 * PIBs a registration sees, as the lookup answers them.
 */

/** Cornerstone PIBs of the versions a registration may have; a key ID's own product's PIBs; all for staff. */
export function entitledPibs(snapshot: CatalogueSnapshot, caller: Entitled): PibRecord[] {
  if (caller.kind === 'staff') return snapshot.pibs;
  const { registration } = caller;
  if (registration.scheme === 'rainbow') return snapshot.pibs.filter((pib) => pib.product === registration.product);
  const versions = entitledVersionNames(snapshot, caller);
  return snapshot.pibs.filter((pib) => pib.product === CORNERSTONE_PRODUCT && versions.has(pib.version));
}
