import type { Entitled } from '../customer-auth/customer-auth';
import type { CatalogueSnapshot, RegistrationRecord, VersionRecord } from './catalogue-snapshot';

/** A registration's own family and its flags (Dev, Demo). */
export function ownFamilies(registration: RegistrationRecord): Set<string> {
  return new Set([...(registration.family ? [registration.family] : []), ...registration.flags]);
}

/** Versions available to any of the caller's families; all of them for staff; none for a ChromaTOF key ID. */
export function entitledVersions(snapshot: CatalogueSnapshot, caller: Entitled): VersionRecord[] {
  const all = [...snapshot.versions.values()];
  if (caller.kind === 'staff') return all;
  if (caller.registration.scheme !== 'hasp') return [];
  const own = ownFamilies(caller.registration);
  return all.filter((version) => [...version.families].some((family) => own.has(family)));
}

/** The names of entitledVersions, for filtering documents by version. */
export function entitledVersionNames(snapshot: CatalogueSnapshot, caller: Entitled): Set<string> {
  return new Set(entitledVersions(snapshot, caller).map((version) => version.name));
}
