import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * E-mailed one-time sign-in links, by a keyed digest of their token's ID. A row lives
 * under an hour: 15 minutes of validity, then it is cleared at the next request.
 */
export const signInLinks = pgTable(
  'sign_in_links',
  {
    idDigest: text('id_digest').primaryKey(),
    email: text('email').notNull(),
    /** Hex SHA-256 of the verifier the requesting browser keeps; null when it sent none. */
    verifierHash: text('verifier_hash'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, precision: 3 }),
    /** Set when a newer link went to the same address: only the newest one works. */
    supersededAt: timestamp('superseded_at', { withTimezone: true, precision: 3 }),
    /**
     * How the person proved the address: `mail` (the e-mailed link) or `oidc` (the identity
     * provider's callback made this one-time token): an `oidc` one opens a session of
     * OIDC_SESSION_HOURS.
     */
    door: text('door').notNull().default('mail'),
  },
  (table) => [
    index('sign_in_links_email_created_idx').on(table.email, table.createdAt),
    check('sign_in_links_door', sql`${table.door} IN ('mail', 'oidc')`),
  ],
);

/**
 * Sign-ins through the identity provider under way, by a keyed digest of their `state`: a
 * row lives from the start (the 302 to the provider) to the callback, which deletes it
 * (single use), or at most OIDC_TRANSACTION_MINUTES. PKCE verifier and nonce are derived
 * from the state with the secret key, so no secret is stored here; and no cookie is needed
 * (the privacy page promises none).
 */
export const oidcSignIns = pgTable('oidc_sign_ins', {
  stateDigest: text('state_digest').primaryKey(),
  /** The path inside the site to land on (safeRedirectPath). */
  redirectPath: text('redirect_path').notNull(),
  /** Hex SHA-256 of the verifier the starting browser keeps, handed on to the one-time token. */
  verifierHash: text('verifier_hash'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
});
