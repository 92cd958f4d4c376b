import type { Person, StaffRole } from '@portal/contracts';

/** The people whose address contains `filter` (any case); everyone for an empty filter. */
export function peopleMatching(people: readonly Person[], filter: string): readonly Person[] {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' ? people : people.filter((person) => person.email.toLowerCase().includes(wanted));
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Why a role's checkbox cannot change for this person, or undefined when it can. The server
 * refuses the same changes; the screen says why before anyone tries.
 */
export function lockedRoleReason(person: Person, role: StaffRole, signedInEmail: string): string | undefined {
  if (role !== 'admin' || !person.roles.includes('admin')) return undefined;
  if (sameAddress(person.email, signedInEmail)) return 'You cannot take away your own Administrator role.';
  if (person.configuredAdmin) return 'Named in ADMIN_EMAILS: an administrator on every start of the portal.';
  return undefined;
}

/** Why this person cannot be removed from the screen, or undefined when they can. */
export function removalBlockedReason(person: Person, signedInEmail: string): string | undefined {
  if (sameAddress(person.email, signedInEmail))
    return 'You cannot remove yourself: it would take away your own Administrator role.';
  if (person.configuredAdmin) return 'Named in ADMIN_EMAILS: an administrator on every start of the portal.';
  return undefined;
}
