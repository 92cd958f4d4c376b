import { DSV_VERSION_PATTERN, type DsvMap, type Pib, type VersionSummary, type Versions } from '@portal/contracts';
import type { CatalogueSnapshot, DsvRecord, FileRecord, RegistrationRecord, VersionRecord } from './catalogue-snapshot';
import type { Grant } from './download-links';

/** Who is asking: a signed-in staff member sees the whole catalogue; a customer what its registration is entitled to. */
export type Caller = { kind: 'staff' } | { kind: 'customer'; registration: RegistrationRecord };

export type LinkMaker = (file: FileRecord, grant: Grant) => string;

/** The product whose PIBs the Cornerstone registration IDs open. */
export const CORNERSTONE_PRODUCT = 'Cornerstone';

export function grantOf(caller: Caller): Grant {
  return caller.kind === 'staff' ? 'staff' : `r.${caller.registration.idDigest}`;
}

/** A registration's own family and its flags (Dev, Demo), as a families map over every family. */
export function familiesOf(snapshot: CatalogueSnapshot, registration: RegistrationRecord): Record<string, boolean> {
  const own = ownFamilies(registration);
  return Object.fromEntries(snapshot.families.map((family) => [family, own.has(family)]));
}

function ownFamilies(registration: RegistrationRecord): Set<string> {
  return new Set([...(registration.family ? [registration.family] : []), ...registration.flags]);
}

/** Versions available to any of the caller's families; all of them for staff; none for a ChromaTOF key ID. */
export function entitledVersions(snapshot: CatalogueSnapshot, caller: Caller): VersionRecord[] {
  const all = [...snapshot.versions.values()];
  if (caller.kind === 'staff') return all;
  if (caller.registration.scheme !== 'hasp') return [];
  const own = ownFamilies(caller.registration);
  return all.filter((version) => [...version.families].some((family) => own.has(family)));
}

export function versionSummary(
  snapshot: CatalogueSnapshot,
  version: VersionRecord,
  grant: Grant,
  link: LinkMaker,
): VersionSummary {
  return {
    name: version.name,
    offlineInstaller: version.offlineInstaller ? link(version.offlineInstaller, grant) : null,
    offlineInstallerBuiltAt: version.offlineInstaller ? version.offlineInstallerBuiltAt : null,
    families: Object.fromEntries(snapshot.families.map((family) => [family, version.families.has(family)])),
  };
}

export function versionsFor(snapshot: CatalogueSnapshot, caller: Caller, link: LinkMaker): Versions {
  const grant = grantOf(caller);
  return Object.fromEntries(
    entitledVersions(snapshot, caller).map((version) => [version.name, versionSummary(snapshot, version, grant, link)]),
  );
}

/** Cornerstone PIBs of the versions a registration may have; a key ID's own product's PIBs; all for staff. */
export function pibsFor(snapshot: CatalogueSnapshot, caller: Caller, link: LinkMaker): Pib[] {
  const grant = grantOf(caller);
  let visible = snapshot.pibs;
  if (caller.kind === 'customer') {
    const { registration } = caller;
    if (registration.scheme === 'rainbow') {
      visible = visible.filter((pib) => pib.product === registration.product);
    } else {
      const versions = new Set(entitledVersions(snapshot, caller).map((version) => version.name));
      visible = visible.filter((pib) => pib.product === CORNERSTONE_PRODUCT && versions.has(pib.version));
    }
  }
  return visible.map((pib) => ({
    product: pib.product,
    version: pib.version,
    internalVariant: pib.internalVariant,
    variant: pib.variant,
    uri: link(pib.file, grant),
  }));
}

/** DSVs of the versions a registration may have, and only those whose version reads digits.digits.digits (SPEC §5). */
export function entitledDsvs(snapshot: CatalogueSnapshot, caller: Caller): Map<string, DsvRecord> {
  const versions = new Set(entitledVersions(snapshot, caller).map((version) => version.name));
  return new Map(
    [...snapshot.dsvs].filter(([, dsv]) => DSV_VERSION_PATTERN.test(dsv.version) && versions.has(dsv.version)),
  );
}

export function dsvsFor(snapshot: CatalogueSnapshot, caller: Caller, link: LinkMaker): DsvMap {
  const grant = grantOf(caller);
  return Object.fromEntries(
    [...entitledDsvs(snapshot, caller)].map(([key, dsv]) => [
      key,
      { version: dsv.version, uri: link(dsv.file, grant) },
    ]),
  );
}

export function releaseDates(snapshot: CatalogueSnapshot): Record<string, string> {
  return Object.fromEntries(
    [...snapshot.versions.values()]
      .filter((version) => version.releaseDate !== null)
      .map((version) => [version.name, version.releaseDate!]),
  );
}
