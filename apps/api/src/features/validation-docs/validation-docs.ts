import { CORNERSTONE_PRODUCT, type DsvMap } from '@portal/contracts';
import type { CatalogueSnapshot } from '../../plugins/catalogue/catalogue-snapshot';
import { documentDetails, statedReleaseDate } from '../../plugins/catalogue/documents';
import { fileDetails } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks } from '../../plugins/download-links';
import { entitledDsvs } from './queries';

export function dsvsFor(snapshot: CatalogueSnapshot, caller: Caller, links: DownloadLinks): DsvMap {
  const grant = grantOf(caller);
  return Object.fromEntries(
    [...entitledDsvs(snapshot, caller)].map(([key, dsv]) => [
      key,
      {
        version: dsv.version,
        uri: links.sign(dsv.file, grant),
        file: fileDetails(dsv.file),
        document: documentDetails(dsv.document),
        // DSVs declare Cornerstone versions.
        releaseDate: statedReleaseDate(snapshot, CORNERSTONE_PRODUCT, dsv.version),
      },
    ]),
  );
}
