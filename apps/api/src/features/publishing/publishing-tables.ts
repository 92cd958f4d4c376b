import type { CatalogueDiffEntry, CatalogueManifest, ChangeCounts } from '@portal/contracts';
import { bigint, char, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    door: text('door', { enum: ['cli', 'browser'] }).notNull(),
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
