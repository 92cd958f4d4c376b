import { AUDIT_ACTIONS, PEOPLE_MESSAGES, type Person, type StaffRole } from '@portal/contracts';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connect';
import type { AuditAct, AuditContext, AuditRecorder } from '../../plugins/audit-log';
import { canonicalEmail, isStaffAddress, isTaggedAddress } from '../../shared/canonical-email';
import { notifyRolesChanged, orderedRoles, staffMembers } from '../../shared/staff-members';
import { staffSessions } from '../../shared/staff-sessions';

/** What a change of the People list needs to know beyond its own input. */
export interface PeopleSettings {
  staffEmailDomains: readonly string[];
  /** ADMIN_EMAILS: administrators who cannot lose `admin` here. */
  adminEmails: readonly string[];
  /** OIDC_ROLE_MAP is set: the roles of people who signed in through the identity provider are its groups', not edited here. */
  identityProviderRoles?: boolean;
}

/** Who changes and how it is written down: the audit log's context (actor `cli` for a command). */
export interface Changer {
  context: AuditContext;
  record: AuditRecorder;
}

export type Refusal = { refused: true; status: 400 | 404 | 409; message: string };
export type Outcome<T> = ({ refused: false } & T) | Refusal;

const refuse = (status: Refusal['status'], message: string): Refusal => ({ refused: true, status, message });

/** The canonical staff address typed, or why it is not one. */
export function staffAddressOf(raw: string, settings: PeopleSettings): Outcome<{ email: string }> {
  const email = canonicalEmail(raw);
  if (email === undefined)
    return refuse(400, isTaggedAddress(raw) ? PEOPLE_MESSAGES.taggedAddress : PEOPLE_MESSAGES.notAnAddress);
  if (!isStaffAddress(email, settings.staffEmailDomains))
    return refuse(400, PEOPLE_MESSAGES.notStaffAddress(settings.staffEmailDomains));
  return { refused: false, email };
}

/** Everyone who signed in or was invited (or only `only`), by address, with their open sessions counted. */
export async function listPeople(
  db: Database,
  settings: PeopleSettings,
  { only, now = new Date() }: { only?: string; now?: Date } = {},
): Promise<Person[]> {
  const open = db
    .select({ email: staffSessions.email, count: sql<number>`count(*)::int`.as('count') })
    .from(staffSessions)
    .where(and(isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .groupBy(staffSessions.email)
    .as('open_sessions');
  const rows = await db
    .select({
      email: staffMembers.email,
      roles: staffMembers.roles,
      invitedAt: staffMembers.invitedAt,
      invitedBy: staffMembers.invitedBy,
      lastSignInAt: staffMembers.lastSignInAt,
      rolesFromIdentityProvider: staffMembers.rolesFromIdentityProvider,
      activeSessions: open.count,
    })
    .from(staffMembers)
    .leftJoin(open, eq(open.email, staffMembers.email))
    .where(only === undefined ? undefined : eq(staffMembers.email, only))
    .orderBy(asc(staffMembers.email));
  return rows.map((row) => {
    const configuredAdmin = settings.adminEmails.includes(row.email);
    return {
      email: row.email,
      roles: orderedRoles(configuredAdmin ? [...row.roles, 'admin'] : row.roles),
      configuredAdmin,
      rolesFromIdentityProvider: Boolean(settings.identityProviderRoles) && row.rolesFromIdentityProvider,
      invitedAt: row.invitedAt?.toISOString() ?? null,
      invitedBy: row.invitedBy,
      lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
      activeSessions: row.activeSessions ?? 0,
    };
  });
}

/** The addresses to ask for a role: everyone holding `admin`, ADMIN_EMAILS included. */
export async function administrators(db: DatabaseExecutor, settings: PeopleSettings): Promise<string[]> {
  const rows = await db
    .select({ email: staffMembers.email })
    .from(staffMembers)
    .where(sql`'admin' = ANY(${staffMembers.roles})`);
  return [...new Set([...settings.adminEmails, ...rows.map((row) => row.email)])].sort();
}

interface Locked {
  /** The subject's row, if it exists: locked until the transaction ends. */
  subject: { email: string; roles: StaffRole[]; rolesFromIdentityProvider: boolean } | undefined;
  /** Everyone else holding `admin` in the database (locked too), for the last-administrator rule. */
  otherAdmins: string[];
}

/**
 * Locks the subject's row and every administrator's, always in address order, so that two
 * changes of one person run one after the other (the later one wins), and two changes that
 * could each take away an administrator cannot both pass the last-administrator rule
 * (docs/decisions/121-concurrent-role-changes.md).
 */
async function lockPeople(tx: DatabaseExecutor, email: string): Promise<Locked> {
  const rows = await tx
    .select({
      email: staffMembers.email,
      roles: staffMembers.roles,
      rolesFromIdentityProvider: staffMembers.rolesFromIdentityProvider,
    })
    .from(staffMembers)
    .where(sql`${staffMembers.email} = ${email} OR 'admin' = ANY(${staffMembers.roles})`)
    .orderBy(asc(staffMembers.email))
    .for('update');
  const subject = rows.find((row) => row.email === email);
  return {
    subject: subject && {
      email: subject.email,
      roles: orderedRoles(subject.roles),
      rolesFromIdentityProvider: subject.rolesFromIdentityProvider,
    },
    otherAdmins: rows.filter((row) => row.email !== email && row.roles.includes('admin')).map((row) => row.email),
  };
}

/** The rules that keep the portal administrable; undefined when the change may go ahead. */
function adminRuleRefusal(
  email: string,
  losesAdmin: boolean,
  removed: boolean,
  locked: Locked,
  settings: PeopleSettings,
  actor: string,
): Refusal | undefined {
  if (settings.adminEmails.includes(email) && (losesAdmin || removed))
    return refuse(409, PEOPLE_MESSAGES.configuredAdmin);
  if (actor === email && removed) return refuse(409, PEOPLE_MESSAGES.removeSelf);
  if (actor === email && losesAdmin) return refuse(409, PEOPLE_MESSAGES.ownAdmin);
  if (losesAdmin && locked.otherAdmins.length === 0 && settings.adminEmails.length === 0)
    return refuse(409, PEOPLE_MESSAGES.lastAdmin);
  return undefined;
}

async function audited(tx: DatabaseExecutor, changer: Changer, act: AuditAct) {
  await changer.record(tx, changer.context, act);
}

/** Ends every open session of `email` at once; how many there were. */
async function endSessions(tx: DatabaseExecutor, email: string, now: Date): Promise<number> {
  const ended = await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(and(eq(staffSessions.email, email), isNull(staffSessions.revokedAt), gt(staffSessions.expiresAt, now)))
    .returning({ email: staffSessions.email });
  return ended.length;
}

/** Adds someone to the People list with `roles` before their first sign-in. */
export async function invitePerson(
  db: Database,
  settings: PeopleSettings,
  changer: Changer,
  raw: string,
  roles: readonly StaffRole[],
  now = new Date(),
): Promise<Outcome<{ email: string }>> {
  const address = staffAddressOf(raw, settings);
  if (address.refused) return address;
  const { email } = address;
  const granted = orderedRoles(settings.adminEmails.includes(email) ? [...roles, 'admin'] : roles);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(staffMembers)
      .values({ email, roles: granted, invitedBy: changer.context.actorEmail, invitedAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ email: staffMembers.email });
    if (!created) return refuse(409, PEOPLE_MESSAGES.alreadyStaff);
    await audited(tx, changer, {
      action: AUDIT_ACTIONS.personInvite,
      outcome: 'invited',
      detail: { subject: email, roles: granted },
    });
    await notifyRolesChanged(tx, email);
    return { refused: false as const, email };
  });
}

/**
 * Sets `email`'s roles to what `next` makes of the current ones, under the row lock: a PUT
 * replaces them, `staff grant` and `staff revoke` add and take away. `createMissing`: the
 * command line may give roles to an address that has not signed in yet (its first administrator).
 */
export async function changeRoles(
  db: Database,
  settings: PeopleSettings,
  changer: Changer,
  email: string,
  next: (current: readonly StaffRole[]) => StaffRole[],
  { createMissing = false, now = new Date() } = {},
): Promise<Outcome<{ before: StaffRole[]; roles: StaffRole[] }>> {
  return db.transaction(async (tx) => {
    const locked = await lockPeople(tx, email);
    if (!locked.subject && !createMissing) return refuse(404, PEOPLE_MESSAGES.noSuchPerson);
    // The identity provider's groups decide at the next sign-in: an edit here would be overwritten.
    if (settings.identityProviderRoles && locked.subject?.rolesFromIdentityProvider)
      return refuse(409, PEOPLE_MESSAGES.identityProviderRoles);
    const before = locked.subject?.roles ?? [];
    const roles = orderedRoles(next(before));
    const losesAdmin = before.includes('admin') && !roles.includes('admin');
    const refusal = adminRuleRefusal(email, losesAdmin, false, locked, settings, changer.context.actorEmail);
    if (refusal) return refusal;
    if (locked.subject) {
      await tx.update(staffMembers).set({ roles, updatedAt: now }).where(eq(staffMembers.email, email));
    } else {
      await tx
        .insert(staffMembers)
        .values({ email, roles, invitedBy: changer.context.actorEmail, invitedAt: now, updatedAt: now });
    }
    // Every change is written, in the order the lock let them through, even one that changes nothing.
    await audited(tx, changer, {
      action: AUDIT_ACTIONS.rolesChange,
      outcome: sameRoles(before, roles) ? 'unchanged' : 'changed',
      detail: { subject: email, before, after: roles },
    });
    await notifyRolesChanged(tx, email);
    return { refused: false as const, before, roles };
  });
}

function sameRoles(a: readonly StaffRole[], b: readonly StaffRole[]) {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}

/** Signs `email` out everywhere: every open session ends at once. */
export async function signOutEverywhere(
  db: Database,
  changer: Changer,
  email: string,
  now = new Date(),
): Promise<Outcome<{ sessionsEnded: number }>> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ email: staffMembers.email })
      .from(staffMembers)
      .where(eq(staffMembers.email, email))
      .for('update');
    const sessionsEnded = await endSessions(tx, email, now);
    if (!member && sessionsEnded === 0) return refuse(404, PEOPLE_MESSAGES.noSuchPerson);
    await audited(tx, changer, {
      action: AUDIT_ACTIONS.signOutEverywhere,
      outcome: 'signed out',
      detail: { subject: email, sessionsEnded },
    });
    return { refused: false as const, sessionsEnded };
  });
}

/** Removes `email`: their sessions end, their roles and their row go. */
export async function removePerson(
  db: Database,
  settings: PeopleSettings,
  changer: Changer,
  email: string,
  now = new Date(),
): Promise<Outcome<{ roles: StaffRole[]; sessionsEnded: number }>> {
  return db.transaction(async (tx) => {
    const locked = await lockPeople(tx, email);
    if (!locked.subject) return refuse(404, PEOPLE_MESSAGES.noSuchPerson);
    const { roles } = locked.subject;
    const refusal = adminRuleRefusal(
      email,
      roles.includes('admin'),
      true,
      locked,
      settings,
      changer.context.actorEmail,
    );
    if (refusal) return refusal;
    const sessionsEnded = await endSessions(tx, email, now);
    await tx.delete(staffMembers).where(eq(staffMembers.email, email));
    await audited(tx, changer, {
      action: AUDIT_ACTIONS.personRemove,
      outcome: 'removed',
      detail: { subject: email, roles, sessionsEnded },
    });
    await notifyRolesChanged(tx, email);
    return { refused: false as const, roles, sessionsEnded };
  });
}
