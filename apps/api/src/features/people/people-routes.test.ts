import {
  AUDIT_ACTIONS,
  PEOPLE_MESSAGES,
  PEOPLE_PATHS,
  roleRequiredMessage,
  type AuditPage,
  type AuditRecord,
  type Me,
  type PeopleList,
  type Person,
  type StaffRole,
} from '@portal/contracts';
import { describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL, useDemoPortal } from '../../../test/demo-portal';

const demo = useDemoPortal();

const SERVICE_KEY = '/v1/Cornerstone/ServiceKey';
const rolesPath = (email: string) => PEOPLE_PATHS.roles.replace(':email', encodeURIComponent(email));
const personPath = (email: string) => PEOPLE_PATHS.person.replace(':email', encodeURIComponent(email));
const sessionsPath = (email: string) => PEOPLE_PATHS.sessions.replace(':email', encodeURIComponent(email));

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, authorization: string, payload?: object) =>
  demo.portal.app.inject({ method, url, headers: { authorization }, ...(payload ? { payload } : {}) });
const setRoles = (email: string, roles: StaffRole[], authorization = demo.staff) =>
  send('PUT', rolesPath(email), authorization, { roles });
const people = async () => (await demo.get(PEOPLE_PATHS.people, demo.staff)).json<PeopleList>().people;
const personNamed = async (email: string) => (await people()).find((person) => person.email === email);
const auditOf = async (action: string) =>
  (await demo.get(`/v1/audit?limit=200&action=${action}`, demo.staff)).json<AuditPage>().entries;

describe('People (administrators)', () => {
  it('lists everyone who signed in or was invited, the ADMIN_EMAILS administrator marked as such', async () => {
    await demo.signIn('lister@example.com', ['service']);
    const response = await demo.get(PEOPLE_PATHS.people, demo.staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const list = response.json<PeopleList>().people;
    expect(list.find((person) => person.email === DEMO_STAFF_EMAIL)).toMatchObject({
      roles: ['admin'],
      configuredAdmin: true,
    });
    expect(list.find((person) => person.email === 'lister@example.com')).toMatchObject({
      roles: ['service'],
      configuredAdmin: false,
      activeSessions: 1,
    });
  });

  it('invites an address of the staff domains with roles, and writes it to the audit log', async () => {
    const response = await send('POST', PEOPLE_PATHS.people, demo.staff, {
      email: ' New.Person@Example.com ',
      roles: ['publisher', 'service'],
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<Person>()).toMatchObject({
      email: 'new.person@example.com',
      roles: ['service', 'publisher'],
      invitedBy: DEMO_STAFF_EMAIL,
      invitedAt: expect.any(String),
      lastSignInAt: null,
      activeSessions: 0,
    });
    const [entry] = await auditOf(AUDIT_ACTIONS.personInvite);
    expect(entry).toMatchObject({
      actorEmail: DEMO_STAFF_EMAIL,
      outcome: 'invited',
      detail: { subject: 'new.person@example.com', roles: ['service', 'publisher'] },
    });
  });

  it('refuses an invitation outside the staff domains, a malformed or tagged address, or one already there, changing nothing', async () => {
    const before = await people();
    for (const [email, status, message] of [
      ['someone@elsewhere.example', 400, PEOPLE_MESSAGES.notStaffAddress(['example.com'])],
      ['not an address', 400, PEOPLE_MESSAGES.notAnAddress],
      ['ana+x@example.com', 400, PEOPLE_MESSAGES.taggedAddress],
      [DEMO_STAFF_EMAIL, 409, PEOPLE_MESSAGES.alreadyStaff],
    ] as const) {
      const response = await send('POST', PEOPLE_PATHS.people, demo.staff, { email, roles: [] });
      expect(response.statusCode, email).toBe(status);
      expect(response.json()).toEqual({ message });
    }
    expect(PEOPLE_MESSAGES.notStaffAddress(['example.com'])).toContain('example.com');
    const unknownRole = await send('POST', PEOPLE_PATHS.people, demo.staff, {
      email: 'x@example.com',
      roles: ['root'],
    });
    expect(unknownRole.statusCode).toBe(400);
    expect(await people()).toEqual(before);
  });

  it('takes a revoked role away on the very next request, without signing in again', async () => {
    const bearer = await demo.signIn('revoked@example.com', ['service']);
    expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(200);
    const response = await setRoles('revoked@example.com', []);
    expect(response.statusCode).toBe(200);
    expect(response.json<Person>().roles).toEqual([]);
    const refused = await demo.get(SERVICE_KEY, bearer);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: roleRequiredMessage('service') });
    expect((await setRoles('revoked@example.com', ['service'])).statusCode).toBe(200);
    expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(200);
  });

  it('never takes admin from an ADMIN_EMAILS address, nor removes it', async () => {
    for (const response of [
      await setRoles(DEMO_STAFF_EMAIL, ['service']),
      await send('DELETE', personPath(DEMO_STAFF_EMAIL), demo.staff),
    ]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: PEOPLE_MESSAGES.configuredAdmin });
    }
    expect((await personNamed(DEMO_STAFF_EMAIL))?.roles).toEqual(['admin']);
  });

  it('lets no administrator take away their own admin or remove themselves', async () => {
    const self = await demo.signIn('self.admin@example.com', ['admin']);
    const own = await setRoles('self.admin@example.com', ['service'], self);
    expect(own.statusCode).toBe(409);
    expect(own.json()).toEqual({ message: PEOPLE_MESSAGES.ownAdmin });
    const removal = await send('DELETE', personPath('self.admin@example.com'), self);
    expect(removal.statusCode).toBe(409);
    expect(removal.json()).toEqual({ message: PEOPLE_MESSAGES.removeSelf });
    expect((await personNamed('self.admin@example.com'))?.roles).toEqual(['admin']);
    // Another administrator may.
    expect((await setRoles('self.admin@example.com', ['service'])).statusCode).toBe(200);
  });

  it('answers 404 for someone who is not there, and 400 for an address outside the domains', async () => {
    const missing = await setRoles('nobody.here@example.com', ['service']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: PEOPLE_MESSAGES.noSuchPerson });
    expect((await setRoles('x@elsewhere.example', ['service'])).statusCode).toBe(400);
  });

  it('serialises two role changes of one person: both are audited in order, and the later one is what stays', async () => {
    await demo.signIn('contested@example.com', ['service']);
    const other = await demo.signIn('second.admin@example.com', ['admin']);
    const [first, second] = await Promise.all([
      setRoles('contested@example.com', ['publisher']),
      setRoles('contested@example.com', ['admin', 'service'], other),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const changes = (await auditOf(AUDIT_ACTIONS.rolesChange))
      .filter((entry) => (entry.detail as { subject: string }).subject === 'contested@example.com')
      .reverse();
    expect(changes).toHaveLength(2);
    const [earlier, later] = changes as [AuditRecord, AuditRecord];
    expect(earlier.detail!.before).toEqual(['service']);
    // The later change started from what the earlier one wrote: one after the other, none lost.
    expect(later.detail!.before).toEqual(earlier.detail!.after);
    expect(new Set([earlier.actorEmail, later.actorEmail])).toEqual(
      new Set([DEMO_STAFF_EMAIL, 'second.admin@example.com']),
    );
    expect((await personNamed('contested@example.com'))?.roles).toEqual(later.detail!.after);
  });

  it('signs a person out everywhere: every session ends at once, and the log says so', async () => {
    const one = await demo.signIn('everywhere@example.com', ['service']);
    const two = await demo.signIn('everywhere@example.com', ['service']);
    expect((await personNamed('everywhere@example.com'))?.activeSessions).toBe(2);
    const response = await send('DELETE', sessionsPath('everywhere@example.com'), demo.staff);
    expect(response.statusCode).toBe(204);
    for (const bearer of [one, two]) expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(401);
    expect((await personNamed('everywhere@example.com'))?.activeSessions).toBe(0);
    const [entry] = await auditOf(AUDIT_ACTIONS.signOutEverywhere);
    expect(entry).toMatchObject({ detail: { subject: 'everywhere@example.com', sessionsEnded: 2 } });
  });

  it('removes a person: sessions end, roles and the row go, and the log says so', async () => {
    const bearer = await demo.signIn('leaver@example.com', ['service', 'publisher']);
    const response = await send('DELETE', personPath('leaver@example.com'), demo.staff);
    expect(response.statusCode).toBe(204);
    expect((await demo.get(SERVICE_KEY, bearer)).statusCode).toBe(401);
    expect(await personNamed('leaver@example.com')).toBeUndefined();
    const [entry] = await auditOf(AUDIT_ACTIONS.personRemove);
    expect(entry).toMatchObject({
      actorEmail: DEMO_STAFF_EMAIL,
      detail: { subject: 'leaver@example.com', roles: ['service', 'publisher'], sessionsEnded: 1 },
    });
  });
});

describe('GET /v1/people/me', () => {
  it("answers any staff member's own roles and whom to ask", async () => {
    const bearer = await demo.signIn('nobody.special@example.com', []);
    const response = await demo.get(PEOPLE_PATHS.me, bearer);
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me).toMatchObject({ email: 'nobody.special@example.com', roles: [] });
    expect(me.administrators).toContain(DEMO_STAFF_EMAIL);
    expect((await demo.get(PEOPLE_PATHS.me)).statusCode).toBe(401);
  });
});
