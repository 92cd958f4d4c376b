import { PEOPLE_MESSAGES, type Person, type StaffRole } from '@portal/contracts';

/** The people whose address contains `filter` (any case); everyone for an empty filter. */
export function peopleMatching(people: readonly Person[], filter: string): readonly Person[] {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' ? people : people.filter((person) => person.email.toLowerCase().includes(wanted));
}

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Why a role's checkbox cannot change for this person, or undefined when it can: the
 * server's own refusal of that change (PEOPLE_MESSAGES), shown before anyone tries.
 */
export function lockedRoleReason(person: Person, role: StaffRole, signedInEmail: string): string | undefined {
  if (role !== 'admin' || !person.roles.includes('admin')) return undefined;
  if (sameAddress(person.email, signedInEmail)) return PEOPLE_MESSAGES.ownAdmin;
  if (person.configuredAdmin) return PEOPLE_MESSAGES.configuredAdmin;
  return undefined;
}

/** Why this person cannot be removed from the screen (the server's refusal), or undefined when they can. */
export function removalBlockedReason(person: Person, signedInEmail: string): string | undefined {
  if (sameAddress(person.email, signedInEmail)) return PEOPLE_MESSAGES.removeSelf;
  if (person.configuredAdmin) return PEOPLE_MESSAGES.configuredAdmin;
  return undefined;
}
