import { STAFF_ROLES, type StaffRole } from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../db/connect';

/**
 * Everyone who has signed in as staff or been invited, with the roles they hold
 * (docs/staff-roles.md). Read on every staff request that needs a role (through the role
 * cache of plugins/staff-roles.ts), written by sign-in, the People API and the command line.
 * It lives beside `staff_sessions` because the role check (a plugin), sign-in and the
 * People feature all need it (docs/decisions/120-staff-roles-from-the-database.md).
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    /** Canonical (shared/canonical-email.ts), as sessions store it. */
    email: text('email').primaryKey(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Who invited them: an address, `cli`, or null for someone who first came by signing in. */
    invitedBy: text('invited_by'),
    invitedAt: timestamp('invited_at', { withTimezone: true }),
    firstSignInAt: timestamp('first_sign_in_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The roles were last set by the identity provider's groups (OIDC_ROLE_MAP) at a sign-in:
     * while the map is configured, People does not edit them.
     */
    rolesFromIdentityProvider: boolean('roles_from_identity_provider').notNull().default(false),
  },
  (table) => [
    check(
      'staff_members_known_roles',
      sql`${table.roles} <@ ARRAY[${sql.raw(STAFF_ROLES.map((role) => `'${role}'`).join(', '))}]::text[]`,
    ),
  ],
);

/** The channel a change of someone's roles notifies (payload: the address), so every portal drops its cached roles. */
export const STAFF_ROLES_CHANGED_CHANNEL = 'staff_roles_changed';

/** Roles in the one order every answer and the audit log use. */
export function orderedRoles(roles: Iterable<string>): StaffRole[] {
  const held = new Set(roles);
  return STAFF_ROLES.filter((role) => held.has(role));
}

/** Tells every portal (this one too) that `email`'s roles changed: delivered when the caller's transaction commits. */
export async function notifyRolesChanged(tx: DatabaseExecutor, email: string) {
  await tx.execute(sql`SELECT pg_notify(${STAFF_ROLES_CHANGED_CHANNEL}, ${email})`);
}

/** The roles held in the database; none for an address without a row. */
export async function storedRolesOf(db: DatabaseExecutor, email: string): Promise<StaffRole[]> {
  const [row] = await db.select({ roles: staffMembers.roles }).from(staffMembers).where(eq(staffMembers.email, email));
  return orderedRoles(row?.roles ?? []);
}

/**
 * A sign-in: the first one creates the row with the default roles; every one sets
 * last_sign_in_at. An invited person keeps the roles of the invitation.
 */
export async function recordSignIn(
  db: DatabaseExecutor,
  email: string,
  defaultRoles: readonly StaffRole[],
  now = new Date(),
) {
  await db
    .insert(staffMembers)
    .values({ email, roles: [...defaultRoles], firstSignInAt: now, lastSignInAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: staffMembers.email,
      set: {
        firstSignInAt: sql`coalesce(${staffMembers.firstSignInAt}, ${now.toISOString()}::timestamptz)`,
        lastSignInAt: now,
      },
    });
}

/**
 * ADMIN_EMAILS on start: each address gets a row holding `admin` (its other roles kept).
 * Notifies for every address it changed, so running portals see it at once.
 */
export async function ensureAdministrators(db: DatabaseExecutor, adminEmails: readonly string[], now = new Date()) {
  for (const email of adminEmails) {
    const changed = await db
      .insert(staffMembers)
      .values({ email, roles: ['admin'], updatedAt: now })
      .onConflictDoUpdate({
        target: staffMembers.email,
        set: { roles: sql`array_append(${staffMembers.roles}, 'admin')`, updatedAt: now },
        where: sql`NOT ('admin' = ANY(${staffMembers.roles}))`,
      })
      .returning({ email: staffMembers.email });
    if (changed.length > 0) await notifyRolesChanged(db, email);
  }
}

/**
 * A sign-in through the identity provider with OIDC_ROLE_MAP: the person's roles become
 * `roles` (the caller adds `admin` for ADMIN_EMAILS), under the row lock, and the row is
 * marked as holding the provider's roles. The roles before, for the audit log.
 */
export async function setRolesFromIdentityProvider(
  tx: DatabaseExecutor,
  email: string,
  roles: readonly StaffRole[],
  now = new Date(),
): Promise<{ before: StaffRole[]; after: StaffRole[] }> {
  const [row] = await tx
    .select({ roles: staffMembers.roles })
    .from(staffMembers)
    .where(eq(staffMembers.email, email))
    .for('update');
  const after = orderedRoles(roles);
  await tx
    .insert(staffMembers)
    .values({ email, roles: after, rolesFromIdentityProvider: true, updatedAt: now })
    .onConflictDoUpdate({
      target: staffMembers.email,
      set: { roles: after, rolesFromIdentityProvider: true, updatedAt: now },
    });
  await notifyRolesChanged(tx, email);
  return { before: orderedRoles(row?.roles ?? []), after };
}
