import { bigint, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../plugins/catalogue/catalogue-tables';

/**
 * Published firmware (docs/firmware.md): one row per release. The version name is the key
 * across every instrument, as the download URL (firmware/{version}/update.zip) names no
 * instrument.
 */
export const firmwareReleases = pgTable(
  'firmware_releases',
  {
    version: text('version').primaryKey(),
    instrument: text('instrument').notNull(),
    releaseDate: date('release_date').notNull(),
    releaseNotes: text('release_notes').notNull(),
    updateFileId: uuid('update_file_id')
      .notNull()
      .references(() => files.id),
  },
  (table) => [index('firmware_releases_instrument').on(table.instrument)],
);

/**
 * Every firmware metadata file ever issued, insert-only: each committed publish adds one
 * with the next sequence number, built in the publish's transaction. The highest is the
 * one served, byte for byte as stored, so a publish that fails leaves it untouched.
 */
export const firmwareMetadata = pgTable('firmware_metadata', {
  sequence: bigint('sequence', { mode: 'number' }).primaryKey(),
  document: text('document').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
});
