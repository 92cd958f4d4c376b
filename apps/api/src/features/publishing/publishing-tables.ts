import type { CatalogueDiffEntry, ChangeCounts } from '@portal/contracts';
import { bigint, char, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
