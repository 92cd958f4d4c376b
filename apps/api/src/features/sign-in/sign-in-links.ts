import { createHash, randomUUID } from 'node:crypto';
import { SIGN_IN_LINK_MINUTES } from '@portal/contracts';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { constantTimeEqual, keyedDigester } from '../../shared/keyed-digest';
import { signToken, verifyToken } from '../../shared/signed-tokens';
import { issueStaffSession } from '../../shared/staff-sessions';
import { signInLinks } from './sign-in-schema';

/** One sign-in mail per address per minute. */
export const MAIL_INTERVAL_MS = 60_000;
const LINK_LIFETIME_MS = SIGN_IN_LINK_MINUTES * 60_000;
/** Rows are cleared once this old, so a link's record lives under an hour (SPEC §9). */
const RECORD_LIFETIME_MS = 45 * 60_000;
// Its own audience and key: a sign-in token can never pass as a session bearer, or the reverse.
const KEY_PURPOSE = 'sign-in-link';

/** A link just made, as withdrawSignInLink needs it back if its mail cannot be sent. */
export interface IssuedLink {
  idDigest: string;
  email: string;
  /** When it was made: also when it superseded the address's earlier links. */
  createdAt: Date;
}

export type LinkRequestOutcome =
  ({ kind: 'issued'; token: string; expiresAt: Date } & IssuedLink) | { kind: 'too-soon'; retryAfterSeconds: number };

/**
 * Makes the one-time token for a new link to `email` and retires every earlier unused one.
 * The token is a signed JWT (email, exp, jti) so the page it lands on can say whom it signs
 * in and until when; only a keyed digest of its ID is stored.
 */
export async function createSignInLink(
  db: Database,
  secretKey: Buffer,
  { email, verifierHash }: { email: string; verifierHash?: string },
  now = new Date(),
): Promise<LinkRequestOutcome> {
  // Whole seconds, so the token's exp and the stored expiry name the same instant.
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + LINK_LIFETIME_MS);
  const linkId = randomUUID();
  const idDigest = keyedDigester(secretKey, KEY_PURPOSE)(linkId);

  const outcome = await db.transaction(async (tx) => {
    // Requests for one address queue up here, so "newest link only" and the one-a-minute
    // rule hold even when two arrive at once (or on two servers).
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${email}`}, 0))`);
    const [latest] = await tx
      .select({ createdAt: signInLinks.createdAt })
      .from(signInLinks)
      .where(eq(signInLinks.email, email))
      .orderBy(desc(signInLinks.createdAt))
      .limit(1);
    const sinceLatestMs = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
    if (sinceLatestMs < MAIL_INTERVAL_MS) {
      return { kind: 'too-soon' as const, retryAfterSeconds: Math.ceil((MAIL_INTERVAL_MS - sinceLatestMs) / 1000) };
    }
    await tx
      .update(signInLinks)
      .set({ supersededAt: now })
      .where(and(eq(signInLinks.email, email), isNull(signInLinks.consumedAt), isNull(signInLinks.supersededAt)));
    await tx.delete(signInLinks).where(lt(signInLinks.createdAt, new Date(now.getTime() - RECORD_LIFETIME_MS)));
    await tx.insert(signInLinks).values({ idDigest, email, verifierHash, createdAt: now, expiresAt });
    return { kind: 'issued' as const };
  });
  if (outcome.kind === 'too-soon') return outcome;

  const token = await signToken(secretKey, KEY_PURPOSE, { email, id: linkId, issuedAt, expiresAt });
  return { kind: 'issued', token, expiresAt, idDigest, email, createdAt: now };
}

/**
 * Undoes a link whose mail could not be sent, so nothing of the request is left: its row goes
 * (the address may ask again at once), and the earlier links it superseded work again (a link
 * the person already received is not spent by a mail that never came). Unless a newer link
 * was made meanwhile, which superseded them in its own right.
 */
export async function withdrawSignInLink(db: Database, { idDigest, email, createdAt }: IssuedLink) {
  await db.transaction(async (tx) => {
    // Queued behind any request for the address, as createSignInLink is.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`sign-in:${email}`}, 0))`);
    const withdrawn = await tx
      .delete(signInLinks)
      .where(eq(signInLinks.idDigest, idDigest))
      .returning({ idDigest: signInLinks.idDigest });
    if (withdrawn.length === 0) return;
    const [newer] = await tx
      .select({ idDigest: signInLinks.idDigest })
      .from(signInLinks)
      .where(and(eq(signInLinks.email, email), gt(signInLinks.createdAt, createdAt)))
      .limit(1);
    if (newer) return;
    await tx
      .update(signInLinks)
      .set({ supersededAt: null })
      .where(
        and(eq(signInLinks.email, email), eq(signInLinks.supersededAt, createdAt), isNull(signInLinks.consumedAt)),
      );
  });
}

/** How long the one-time token the identity provider's callback hands to /auth works: the page spends it at once. */
const OIDC_TOKEN_LIFETIME_MS = 2 * 60_000;

/**
 * The one-time token of a sign-in the identity provider confirmed: it lands on /auth like an
 * e-mailed link's and is exchanged the same way (POST, the starting browser's verifier), so
 * the session bearer never travels in an address. No mail, so no one-a-minute rule.
 */
export async function createIdentityProviderToken(
  db: DatabaseExecutor,
  secretKey: Buffer,
  { email, verifierHash }: { email: string; verifierHash: string | null },
  now = new Date(),
): Promise<string> {
  const issuedAt = new Date(Math.floor(now.getTime() / 1000) * 1000);
  const expiresAt = new Date(issuedAt.getTime() + OIDC_TOKEN_LIFETIME_MS);
  const linkId = randomUUID();
  const idDigest = keyedDigester(secretKey, KEY_PURPOSE)(linkId);
  await db.delete(signInLinks).where(lt(signInLinks.createdAt, new Date(now.getTime() - RECORD_LIFETIME_MS)));
  await db.insert(signInLinks).values({ idDigest, email, verifierHash, createdAt: now, expiresAt, door: 'oidc' });
  return signToken(secretKey, KEY_PURPOSE, { email, id: linkId, issuedAt, expiresAt });
}

export type ExchangeOutcome =
  { kind: 'signed-in'; bearer: string; email: string } | { kind: 'invalid' } | { kind: 'verifier-mismatch' };

/**
 * Spends a link's token for a session bearer. Valid means: our signature (HS256 only), not
 * expired by the server's clock, never used, not superseded by a newer link. The spend is
 * one conditional UPDATE, so of two exchanges racing for one token exactly one wins.
 */
export async function exchangeSignInToken(
  db: Database,
  secretKey: Buffer,
  { token, verifier }: { token: string; verifier?: string },
  now = new Date(),
  /** OIDC_SESSION_HOURS, for a token the identity provider's callback made; unset: no identity provider. */
  identityProviderSessionHours?: number,
): Promise<ExchangeOutcome> {
  const payload = await verifyToken(secretKey, KEY_PURPOSE, token, now);
  if (!payload) return { kind: 'invalid' };
  const idDigest = keyedDigester(secretKey, KEY_PURPOSE)(payload.jti);
  const usable = and(
    eq(signInLinks.idDigest, idDigest),
    isNull(signInLinks.consumedAt),
    isNull(signInLinks.supersededAt),
    gt(signInLinks.expiresAt, now),
  );

  if (verifier !== undefined) {
    const [link] = await db.select({ verifierHash: signInLinks.verifierHash }).from(signInLinks).where(usable);
    if (!link) return { kind: 'invalid' };
    const hash = createHash('sha256').update(verifier, 'utf8').digest('hex');
    // A wrong verifier spends nothing: the page falls back to asking for a click.
    if (!link.verifierHash || !constantTimeEqual(hash, link.verifierHash)) return { kind: 'verifier-mismatch' };
  }

  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(signInLinks)
      .set({ consumedAt: now })
      .where(usable)
      .returning({ email: signInLinks.email, door: signInLinks.door });
    if (!spent) return { kind: 'invalid' as const };
    const throughProvider = spent.door === 'oidc' && identityProviderSessionHours !== undefined;
    // A token of the identity provider's when it is no longer configured opens nothing.
    if (spent.door === 'oidc' && !throughProvider) return { kind: 'invalid' as const };
    const { bearer } = await issueStaffSession(
      tx,
      secretKey,
      spent.email,
      now,
      throughProvider ? { hours: identityProviderSessionHours } : undefined,
    );
    return { kind: 'signed-in' as const, bearer, email: spent.email };
  });
}
