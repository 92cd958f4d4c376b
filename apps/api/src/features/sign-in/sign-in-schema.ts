import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  },
  (table) => [index('sign_in_links_email_created_idx').on(table.email, table.createdAt)],
);
