import { bigint, char, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

// The catalogue's own tables: the published files and the product families every section
// refers to. Each section's tables live with the section (plugins/catalogue/sections.ts).

/**
 * Every published file: where its bytes live in the blob store and what they must be.
 * Blobs are content-addressed (the key is derived from the SHA-256), so one file published
 * twice, or under two names, is stored once.
 */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    blobKey: text('blob_key').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('files_content_name_unique').on(table.sha256, table.name, table.contentType),
    // The publishing screen's orders, each with the ID after it as its keyset cursors compare (decision 250).
    index('files_published_at_id').on(table.publishedAt, table.id),
    index('files_name_id').on(table.name, table.id),
    index('files_size_bytes_id').on(table.sizeBytes, table.id),
  ],
);

/**
 * The published files that are withdrawn (docs/publishing.md#withdrawing-and-restoring-a-file):
 * one row while a file is withdrawn, removed when it is restored. A withdrawn file leaves
 * every lookup and its links answer that it was withdrawn; its `files` row, hashes and
 * history stay.
 */
export const fileWithdrawals = pgTable('file_withdrawals', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id),
  withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }).notNull().defaultNow(),
  reason: text('reason').notNull(),
  /** A staff e-mail address, or `cli`. */
  withdrawnBy: text('withdrawn_by').notNull(),
  /**
   * The file whose withdrawal carried this one with it (a release's SBOM follows its
   * installer, docs/sbom.md#withdrawn-with-its-installer); null when withdrawn on its own.
   * Restoring the release restores only a file withdrawn with it.
   */
  withdrawnWith: uuid('withdrawn_with').references(() => files.id),
});

/**
 * The last restoration of each file ever restored, and how many times it was restored: the
 * feeds date a restored file's entry by it and number each withdrawal's own entry
 * (docs/decisions/180-withdrawals-in-the-feeds.md). Kept when the file is withdrawn again.
 */
export const fileRestorations = pgTable('file_restorations', {
  fileId: uuid('file_id')
    .primaryKey()
    .references(() => files.id),
  restoredAt: timestamp('restored_at', { withTimezone: true }).notNull().defaultNow(),
  /** How many withdrawals of the file have ended in a restoration: the current one, if any, is the next. */
  restorations: integer('restorations').notNull(),
  /** A staff e-mail address, or `cli`. */
  restoredBy: text('restored_by').notNull(),
});

export const productFamilies = pgTable('product_families', {
  name: text('name').primaryKey(),
});
