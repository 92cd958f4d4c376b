import { PEOPLE_MESSAGES, type Person } from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { lockedRoleReason, peopleMatching, removalBlockedReason } from './people-rules';

const person = (email: string, roles: Person['roles'], configuredAdmin = false): Person => ({
  email,
  roles,
  configuredAdmin,
  rolesFromIdentityProvider: false,
  invitedAt: null,
  invitedBy: null,
  lastSignInAt: null,
  activeSessions: 0,
});

describe('the People screen', () => {
  it('filters by part of the address, in any case', () => {
    const people = [person('ada@company.com', ['admin']), person('bo@company.com', [])];
    expect(peopleMatching(people, 'ADA').map((shown) => shown.email)).toEqual(['ada@company.com']);
    expect(peopleMatching(people, '  ')).toBe(people);
  });

  it('does not let an administrator take away their own admin, and says why', () => {
    const me = person('Ada@company.com', ['admin']);
    expect(lockedRoleReason(me, 'admin', 'ada@company.com')).toBe(PEOPLE_MESSAGES.ownAdmin);
    expect(lockedRoleReason(me, 'service', 'ada@company.com')).toBeUndefined();
    expect(removalBlockedReason(me, 'ada@company.com')).toBe(PEOPLE_MESSAGES.removeSelf);
  });

  it('keeps admin, and the person, for an address named in ADMIN_EMAILS', () => {
    const root = person('root@company.com', ['admin'], true);
    expect(lockedRoleReason(root, 'admin', 'ada@company.com')).toBe(PEOPLE_MESSAGES.configuredAdmin);
    expect(removalBlockedReason(root, 'ada@company.com')).toBe(PEOPLE_MESSAGES.configuredAdmin);
  });

  it("lets an administrator change anyone else's roles and remove them", () => {
    const other = person('bo@company.com', ['admin', 'service']);
    expect(lockedRoleReason(other, 'admin', 'ada@company.com')).toBeUndefined();
    expect(removalBlockedReason(other, 'ada@company.com')).toBeUndefined();
  });
});
