import { PEOPLE_PATHS, type StaffRole } from '@portal/contracts';
import { loopbackAddressOf, signInThroughOutbox, type StaffSignIn } from '../test-kit/staff-session';
import { expect, newStaffAddress } from './fixtures';

// Only the newest sign-in link of an address works: each administrator signs in once per worker.
const adminSessions = new Map<string, Promise<StaffSignIn>>();

/**
 * A new address holding exactly the publisher role, invited through the API by `admin` (one
 * of E2E_ADMINS: a spec of its own each, as specs run side by side).
 */
export function newPublisher(admin: string) {
  return newStaffMember(admin, ['publisher']);
}

/** A new address holding exactly `roles`, invited through the API by `admin` (as newPublisher). */
export async function newStaffMember(admin: string, roles: StaffRole[]) {
  const origin = process.env.PORTAL_URL!;
  if (!adminSessions.has(admin)) {
    adminSessions.set(
      admin,
      signInThroughOutbox({
        email: admin,
        requestAt: origin,
        dataDirs: process.env.PORTAL_DATA_DIR!,
        localAddress: loopbackAddressOf(admin),
      }),
    );
  }
  const session = await adminSessions.get(admin)!;
  const member = newStaffAddress();
  const invited = await fetch(new URL(PEOPLE_PATHS.people, origin), {
    method: 'POST',
    headers: { ...session.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: member, roles }),
  });
  expect(invited.status).toBe(201);
  return member;
}
