import { date, foreignKey, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../plugins/catalogue/catalogue-tables';

/**
 * ChromaTOF releases, downloaded by key ID (a key ID's `downloads` in the registrations
 * table names the products it may download). Shared with the catalogue snapshot, so the
 * lookups answer from memory.
 */
export const chromatofReleases = pgTable(
  'chromatof_releases',
  {
    product: text('product').notNull(),
    version: text('version').notNull(),
    releaseDate: date('release_date'),
  },
  (table) => [primaryKey({ columns: [table.product, table.version] })],
);

/** The files of a release, each with its label (unique in the release) and kind. */
export const chromatofReleaseFiles = pgTable(
  'chromatof_release_files',
  {
    product: text('product').notNull(),
    version: text('version').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: ['installer', 'manual', 'releaseNotes'] }).notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (table) => [
    primaryKey({ columns: [table.product, table.version, table.label] }),
    foreignKey({
      columns: [table.product, table.version],
      foreignColumns: [chromatofReleases.product, chromatofReleases.version],
    }).onDelete('cascade'),
  ],
);
