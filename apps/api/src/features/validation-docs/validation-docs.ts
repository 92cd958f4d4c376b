import { DSV_VERSION_PATTERN, type DsvMap } from '@portal/contracts';
import type { CatalogueSnapshot, DsvRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersionNames } from '../../plugins/catalogue/entitlements';
import { fileDetails } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks } from '../../plugins/download-links';

/** DSVs of the versions a registration may have, and only those whose version reads digits.digits.digits (SPEC §5). */
export function entitledDsvs(snapshot: CatalogueSnapshot, caller: Caller): Map<string, DsvRecord> {
  const versions = entitledVersionNames(snapshot, caller);
  return new Map(
    [...snapshot.dsvs].filter(([, dsv]) => DSV_VERSION_PATTERN.test(dsv.version) && versions.has(dsv.version)),
  );
}

export function dsvsFor(snapshot: CatalogueSnapshot, caller: Caller, links: DownloadLinks): DsvMap {
  const grant = grantOf(caller);
  return Object.fromEntries(
    [...entitledDsvs(snapshot, caller)].map(([key, dsv]) => [
      key,
      { version: dsv.version, uri: links.sign(dsv.file, grant), file: fileDetails(dsv.file) },
    ]),
  );
}
