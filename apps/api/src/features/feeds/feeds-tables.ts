import { bigint, date, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

/**
 * The private feeds' addresses (docs/feeds.md): one row per token ever handed out for a
 * registration ID or key ID, by the keyed digest of the token. The token itself is derived
 * from the registration's digest and the generation, so it is never stored; a staff reissue
 * revokes the current generation and adds the next. Nothing here is the ID.
 */
export const feedTokens = pgTable(
  'feed_tokens',
  {
    tokenDigest: text('token_digest').primaryKey(),
    /** The keyed digest of the registration ID or key ID (registrations.id_digest). */
    registrationDigest: text('registration_digest').notNull(),
    generation: integer('generation').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [unique('feed_tokens_registration_generation_unique').on(table.registrationDigest, table.generation)],
);

/**
 * Feed fetches per UTC day, for the Usage screen: how many answers (200 or 304) each kind of
 * feed gave. Nothing of the client and no token: a count only.
 */
export const feedFetchesDaily = pgTable(
  'feed_fetches_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    feed: text('feed', { enum: ['private', 'firmware'] }).notNull(),
    fetches: bigint('fetches', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.feed] })],
);
