import { bigint, char, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every published file: where its bytes live in the blob store and what they must be. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  blobKey: text('blob_key').notNull().unique(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
});
