import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { jwtVerify, SignJWT } from 'jose';
import type { Database } from '../db/connect';
import { derivedKey, keyedDigest } from './keyed-digest';

/** Sessions last up to three months or until sign out (SPEC §6, §9). */
export const STAFF_SESSION_DAYS = 92;
const ALGORITHM = 'HS256';
const ISSUER = 'portal';
const AUDIENCE = 'portal-staff';

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

/** The database, or a transaction on it: a session can open in the same transaction that spends a sign-in link. */
export type DatabaseExecutor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

export interface StaffIdentity {
  email: string;
  sessionId: string;
  expiresAt: Date;
}

/** Opens a session and returns its bearer: a signed token with email, exp and the session ID. */
export async function issueStaffSession(db: DatabaseExecutor, secretKey: Buffer, email: string, now = new Date()) {
  const sessionId = randomUUID();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_DAYS * 86_400_000);
  await db.insert(staffSessions).values({
    idDigest: keyedDigest(secretKey, 'staff-session', sessionId),
    email,
    createdAt: now,
    expiresAt,
  });
  const bearer = await new SignJWT({ email })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(sessionId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(derivedKey(secretKey, 'staff-session'));
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
  let payload;
  try {
    ({ payload } = await jwtVerify(bearer, derivedKey(secretKey, 'staff-session'), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ['jti', 'exp'],
    }));
  } catch {
    return undefined;
  }
  if (typeof payload.email !== 'string' || typeof payload.jti !== 'string') return undefined;
  const [session] = await db
    .select({ email: staffSessions.email, expiresAt: staffSessions.expiresAt })
    .from(staffSessions)
    .where(
      and(
        eq(staffSessions.idDigest, keyedDigest(secretKey, 'staff-session', payload.jti)),
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
      and(
        eq(staffSessions.idDigest, keyedDigest(secretKey, 'staff-session', sessionId)),
        isNull(staffSessions.revokedAt),
      ),
    );
}
