import { DSV_VERSION_PATTERN } from '@portal/contracts';
import type { CatalogueSnapshot, DsvRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersionNames } from '../../plugins/catalogue/entitlements';
import type { Entitled } from '../../plugins/customer-auth/customer-auth';

/**
 * What other features may ask of the validation docs: read-only queries, the feature's
 * public entry (docs/decisions/105-catalogue-sections-own-their-tables.md). The feeds ask
 * which DSVs a registration sees, as the lookup answers them.
 */

/** DSVs of the versions a registration may have, and only those whose version reads digits.digits.digits (SPEC §5). */
export function entitledDsvs(snapshot: CatalogueSnapshot, caller: Entitled): Map<string, DsvRecord> {
  const versions = entitledVersionNames(snapshot, caller);
  return new Map(
    [...snapshot.dsvs].filter(([, dsv]) => DSV_VERSION_PATTERN.test(dsv.version) && versions.has(dsv.version)),
  );
}
