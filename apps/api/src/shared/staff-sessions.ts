import { OIDC_SESSION_CLAIM } from '@portal/contracts';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../db/connect';
import type { ApiTokenIdentity } from './api-tokens';
import { keyedDigester } from './keyed-digest';
import { signToken, verifyToken } from './signed-tokens';

/** Sessions last up to three months or until sign out (SPEC §6, §9). */
export const STAFF_SESSION_DAYS = 92;
/** The kind of token and digest: a session bearer is never a sign-in link's token, nor the reverse. */
const PURPOSE = 'staff-session';

/**
 * Every staff session ever issued, by a digest of its ID: the bearer alone is not enough,
 * its session must exist and not be revoked, so sign out ends it on the server too.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    idDigest: text('id_digest').primaryKey(),
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('staff_sessions_email_idx').on(table.email)],
);

export interface StaffIdentity {
  email: string;
  sessionId: string;
  expiresAt: Date;
  /** Set when the request carries an API token instead of a session: its creator is `email`. */
  apiToken?: ApiTokenIdentity;
}

/**
 * A session opened through the identity provider: it ends on the server after `hours`,
 * while its bearer names the usual three months, so the browser's identity states (SPEC §4)
 * stay as they are; the bearer's `idp` claim tells the browser to renew it there
 * (docs/decisions/240-staff-sign-in-through-the-company-identity-provider.md).
 */
export interface IdentityProviderSession {
  hours: number;
}

/** Opens a session and returns its bearer: a signed token with email, exp and the session ID. */
export async function issueStaffSession(
  db: DatabaseExecutor,
  secretKey: Buffer,
  email: string,
  now = new Date(),
  identityProvider?: IdentityProviderSession,
) {
  const sessionId = randomUUID();
  const bearerExpiresAt = new Date(now.getTime() + STAFF_SESSION_DAYS * 86_400_000);
  const expiresAt = identityProvider ? new Date(now.getTime() + identityProvider.hours * 3_600_000) : bearerExpiresAt;
  await db.insert(staffSessions).values({
    idDigest: keyedDigester(secretKey, PURPOSE)(sessionId),
    email,
    createdAt: now,
    expiresAt,
  });
  const bearer = await signToken(secretKey, PURPOSE, {
    email,
    id: sessionId,
    issuedAt: now,
    expiresAt: bearerExpiresAt,
    extra: identityProvider ? { [OIDC_SESSION_CLAIM]: true } : undefined,
  });
  return { bearer, sessionId, expiresAt };
}

/**
 * The identity behind a bearer, or undefined: the signature must be ours and HS256 (no
 * `alg: none`, no other algorithm), the token unexpired by the server's clock, and its
 * session open in the database.
 */
export async function verifyStaffBearer(
  db: Database,
  secretKey: Buffer,
  bearer: string,
  now = new Date(),
): Promise<StaffIdentity | undefined> {
  const payload = await verifyToken(secretKey, PURPOSE, bearer, now);
  if (!payload || typeof payload.email !== 'string') return undefined;
  const [session] = await db
    .select({ email: staffSessions.email, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.idDigest, keyedDigester(secretKey, PURPOSE)(payload.jti)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
      ),
    );
  if (!session || session.email !== payload.email) return undefined;
  return { email: session.email, sessionId: payload.jti, expiresAt: session.expiresAt };
}

/** Ends a session on the server: its bearer is refused from now on, wherever it was copied. */
export async function revokeStaffSession(db: Database, secretKey: Buffer, sessionId: string, now = new Date()) {
  await db
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(eq(staffSessions.idDigest, keyedDigester(secretKey, PURPOSE)(sessionId)), isNull(staffSessions.revokedAt)),
    );
}
