import type { AdvisoryDraftContent } from '@portal/contracts';
import type { NamedRelease } from './csaf-document';
import {
  char,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Security advisories and not-affected statements (docs/security-advisories.md). An advisory
 * is its tracking ID and its revisions; each revision keeps the exact CSAF document it
 * published, with its digests and signature computed once, at publish. A not-affected
 * statement (VEX) is an advisory of kind `vex`: its statements are in the revision's content.
 */
export const advisories = pgTable(
  'advisories',
  {
    /** The CSAF tracking ID: `ACME-SA-2026-0001`. */
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['advisory', 'vex'] }).notNull(),
    year: smallint('year').notNull(),
    /** The number within the kind and year: 1 of `ACME-SA-2026-0001`. */
    number: integer('number').notNull(),
    initialReleaseDate: timestamp('initial_release_date', { withTimezone: true, mode: 'date' }).notNull(),
    /** The newest revision's number (tracking.version). */
    currentVersion: integer('current_version').notNull(),
  },
  (table) => [unique('advisories_kind_year_number').on(table.kind, table.year, table.number)],
);

export const advisoryRevisions = pgTable(
  'advisory_revisions',
  {
    advisoryId: text('advisory_id')
      .notNull()
      .references(() => advisories.id),
    version: integer('version').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }).notNull(),
    publishedBy: text('published_by').notNull(),
    summary: text('summary').notNull(),
    /** What the draft held, the internal note included (never served). */
    content: jsonb('content').$type<AdvisoryDraftContent>().notNull(),
    /** The releases it names, as the catalogue named them at publish (its pages keep these labels). */
    releases: jsonb('releases').$type<NamedRelease[]>().notNull(),
    /** The CSAF document, exactly the bytes served and signed. */
    csafJson: text('csaf_json').notNull(),
    sha256: char('sha256', { length: 64 }).notNull(),
    sha512: char('sha512', { length: 128 }).notNull(),
    /** The detached OpenPGP signature of csaf_json, armored. */
    signature: text('signature').notNull(),
    /** The fingerprint of the key that signed it. */
    signingKey: text('signing_key').notNull(),
  },
  (table) => [primaryKey({ columns: [table.advisoryId, table.version] })],
);

/**
 * Drafts: a new advisory (advisory_id null) or a revision of a published one (based on its
 * base_version; publishing a draft whose advisory moved on since is refused).
 */
export const advisoryDrafts = pgTable(
  'advisory_drafts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advisoryId: text('advisory_id').references(() => advisories.id),
    baseVersion: integer('base_version'),
    content: jsonb('content').$type<AdvisoryDraftContent>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdBy: text('created_by').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedBy: text('updated_by').notNull(),
  },
  (table) => [index('advisory_drafts_updated_at').on(table.updatedAt)],
);

/**
 * The OpenPGP key CSAF documents are signed with when CSAF_SIGNING_KEY is unset: generated
 * once by the first portal that needs it, the same for every portal of the database, in
 * the backup with the database. The private key is encrypted with a key derived from
 * SECRET_KEY, so a copy of the database alone cannot sign.
 */
export const csafSigningKeys = pgTable('csaf_signing_keys', {
  /** Always 1: one key. */
  id: smallint('id').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  /** The armored private key, encrypted (OpenPGP passphrase derived from SECRET_KEY). */
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
