import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files, productFamilies } from '../../plugins/catalogue/catalogue-tables';

/** Cornerstone versions, each with its offline installer (if any) and release date. */
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
