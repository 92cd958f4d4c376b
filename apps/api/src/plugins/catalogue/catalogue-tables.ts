import { bigint, boolean, char, date, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

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
  (table) => [unique('files_content_name_unique').on(table.sha256, table.name, table.contentType)],
);

export const productFamilies = pgTable('product_families', {
  name: text('name').primaryKey(),
});

/**
 * Customers' credentials: Cornerstone registration IDs (`hasp`) and ChromaTOF key IDs
 * (`rainbow`), stored only as keyed digests. A registration has one family and may carry
 * extra family flags (Dev, Demo); a key ID names its product.
 */
export const registrations = pgTable('registrations', {
  idDigest: text('id_digest').primaryKey(),
  scheme: text('scheme', { enum: ['hasp', 'rainbow'] }).notNull(),
  family: text('family').references(() => productFamilies.name),
  flags: text('flags').array().notNull().default([]),
  product: text('product'),
  /** A key ID's ChromaTOF products whose releases it may download (chromatof-tables.ts). */
  downloads: text('downloads').array().notNull().default([]),
  revoked: boolean('revoked').notNull().default(false),
});

export const versions = pgTable('versions', {
  name: text('name').primaryKey(),
  offlineInstallerFileId: uuid('offline_installer_file_id').references(() => files.id),
  offlineInstallerBuiltAt: timestamp('offline_installer_built_at', { withTimezone: true }),
  releaseDate: date('release_date'),
});

/** Which families a version is available to. */
export const versionFamilies = pgTable(
  'version_families',
  {
    version: text('version')
      .notNull()
      .references(() => versions.name, { onDelete: 'cascade' }),
    family: text('family')
      .notNull()
      .references(() => productFamilies.name),
  },
  (table) => [primaryKey({ columns: [table.version, table.family] })],
);

export const pibs = pgTable(
  'pibs',
  {
    product: text('product').notNull(),
    version: text('version').notNull(),
    internalVariant: text('internal_variant').notNull(),
    variant: text('variant').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (table) => [primaryKey({ columns: [table.product, table.version, table.internalVariant] })],
);

/** Declaration of Software Validation documents, by key; the version is kept as published. */
export const dsvs = pgTable('dsvs', {
  key: text('key').primaryKey(),
  version: text('version').notNull(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id),
});

/**
 * Release notes of a product's version (docs/decisions/088-release-notes-are-published-files.md):
 * one published file per product and version, linked from the Cornerstone versions
 * (product "Cornerstone") and from the PIBs of the same product and version.
 */
export const releaseNotes = pgTable(
  'release_notes',
  {
    product: text('product').notNull(),
    version: text('version').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (table) => [primaryKey({ columns: [table.product, table.version] })],
);
