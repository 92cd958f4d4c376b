import {
  CATALOGUE_CHANGE_DOORS,
  type CatalogueDiffEntry,
  type CatalogueManifest,
  type ChangeCounts,
} from '@portal/contracts';
import { bigint, char, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * The catalogue's change history (docs/publishing.md#the-history): one row per change set
 * applied, from either door, written in the change's own transaction so a change and its
 * row commit together. Insert-only; the audit log names each row's digest and counts.
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** A staff e-mail address, or `cli`. */
    actor: text('actor').notNull(),
    door: text('door', { enum: CATALOGUE_CHANGE_DOORS }).notNull(),
    /** SHA-256 of the change set, lower-case hex. */
    digest: char('digest', { length: 64 }).notNull(),
    summary: jsonb('summary').$type<Record<string, ChangeCounts>>().notNull(),
    diff: jsonb('diff').$type<CatalogueDiffEntry[]>().notNull(),
    /** The reason a withdrawal or restoration gave. */
    reason: text('reason'),
  },
  (table) => [index('catalogue_changes_occurred_at').on(table.occurredAt)],
);

/**
 * Drafts in progress (docs/publishing.md#drafts): a catalogue.json whose files are named by
 * SHA-256, kept until it is published or expires. Any publisher may continue any draft.
 * `state` turns to 'published' in the publishing transaction, so a second publish of the
 * same draft finds it so and changes nothing.
 */
export const publishingDrafts = pgTable(
  'publishing_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manifest: jsonb('manifest').$type<CatalogueManifest>().notNull(),
    state: text('state', { enum: ['open', 'published'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
    /** The change its publish made (catalogue_changes.id). */
    publishedChange: bigint('published_change', { mode: 'number' }),
  },
  (table) => [index('publishing_drafts_updated_at').on(table.updatedAt)],
);

/**
 * Files uploaded into drafts (docs/publishing.md#uploads): a row once an upload completed and
 * the server's SHA-256 of its bytes matched the one the draft names, the bytes then being in
 * the blob store under blobKeyFor(sha256). A draft's file with such a row is `uploaded`; the
 * import's blob sweep spares its blob until the draft publishes it (then a `files` row
 * references it) or the draft expires (the row goes with the draft). A claim of a SHA-256
 * another draft uploaded links it here too, with no bytes sent.
 */
export const publishingUploads = pgTable(
  'publishing_uploads',
  {
    draftId: uuid('draft_id')
      .notNull()
      .references(() => publishingDrafts.id, { onDelete: 'cascade' }),
    /** SHA-256 of the bytes, lower-case hex: the blob is blobKeyFor(sha256). */
    sha256: char('sha256', { length: 64 }).notNull(),
    /** The file's name as the publisher's browser gave it. */
    name: text('name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.draftId, table.sha256] }),
    index('publishing_uploads_sha256').on(table.sha256),
  ],
);
