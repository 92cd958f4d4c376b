import {
  CORNERSTONE_PRODUCT,
  compareVersions,
  type LatestVersion,
  type VersionSummary,
  type Versions,
} from '@portal/contracts';
import type { CatalogueSnapshot, RegistrationRecord, VersionRecord } from '../../plugins/catalogue/catalogue-snapshot';
import { entitledVersions, ownFamilies } from '../../plugins/catalogue/entitlements';
import { fileDetails, releaseNotesLink } from '../../plugins/catalogue/file-details';
import type { Caller } from '../../plugins/customer-auth/customer-auth';
import { grantOf, type DownloadLinks, type Grant } from '../../plugins/download-links';
import { affectedByOf, type AffectedByMarks } from '../security-advisories/queries';
import { sbomLink } from '../sboms/queries';

/** A registration's own family and its flags (Dev, Demo), as a families map over every family. */
export function familiesOf(snapshot: CatalogueSnapshot, registration: RegistrationRecord): Record<string, boolean> {
  const own = ownFamilies(registration);
  return Object.fromEntries(snapshot.families.map((family) => [family, own.has(family)]));
}

export type { AffectedByMarks } from '../security-advisories/queries';

export function versionSummary(
  snapshot: CatalogueSnapshot,
  version: VersionRecord,
  grant: Grant,
  links: DownloadLinks,
  marks: AffectedByMarks,
): VersionSummary {
  return {
    name: version.name,
    offlineInstaller: version.offlineInstaller ? links.sign(version.offlineInstaller, grant) : null,
    offlineInstallerBuiltAt: version.offlineInstaller ? version.offlineInstallerBuiltAt : null,
    families: Object.fromEntries(snapshot.families.map((family) => [family, version.families.has(family)])),
    offlineInstallerFile: version.offlineInstaller ? fileDetails(version.offlineInstaller) : null,
    releaseDate: version.releaseDate,
    releaseNotes: releaseNotesLink(snapshot, CORNERSTONE_PRODUCT, version.name, grant, links),
    // Offered with the installer: none for a version whose installer is withdrawn or absent.
    sbom: version.offlineInstaller
      ? sbomLink(snapshot, { kind: 'cornerstone', version: version.name }, grant, links)
      : null,
    affectedBy: affectedByOf(marks, { kind: 'cornerstone', version: version.name }),
  };
}

export function versionsFor(
  snapshot: CatalogueSnapshot,
  caller: Caller,
  links: DownloadLinks,
  marks: AffectedByMarks,
): Versions {
  const grant = grantOf(caller);
  return Object.fromEntries(
    entitledVersions(snapshot, caller).map((version) => [
      version.name,
      versionSummary(snapshot, version, grant, links, marks),
    ]),
  );
}

export function releaseDates(snapshot: CatalogueSnapshot): Record<string, string> {
  const dates: Record<string, string> = {};
  for (const version of snapshot.versions.values()) {
    if (version.releaseDate !== null) dates[version.name] = version.releaseDate;
  }
  return dates;
}

/** The highest version released on or before `today` (YYYY-MM-DD), or undefined when none is. */
export function latestRelease(snapshot: CatalogueSnapshot, today: string): LatestVersion | undefined {
  let latest: LatestVersion | undefined;
  for (const { name, releaseDate } of snapshot.versions.values()) {
    if (releaseDate === null || releaseDate > today) continue;
    if (!latest || compareVersions(name, latest.name) > 0) latest = { name, releaseDate };
  }
  return latest;
}
