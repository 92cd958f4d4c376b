import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../plugins/catalogue/catalogue-tables';

/**
 * The SBOM of each release (docs/sbom.md), by the release's key (releaseReferenceKey,
 * docs/decisions/200-release-references.md): a published file, with its spec version and
 * component count as the check found them.
 */
export const releaseSboms = pgTable('release_sboms', {
  releaseKey: text('release_key').primaryKey(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id),
  specVersion: text('spec_version').notNull(),
  componentCount: integer('component_count').notNull(),
});

/**
 * The component index: every component of every release's SBOM, written in the publish's
 * transaction and replaced when the release's SBOM changes. `name_key` and `purl_key` are
 * lower case, each first in a btree index in the C collation (then the release and the
 * position), so a prefix search (`name_key COLLATE "C" LIKE 'open%'`) is an index range scan
 * that reads its rows already in the answer's order and stops at the answer's limit, whatever
 * the database's own collation (docs/sbom.md#the-index).
 */
export const sbomComponents = pgTable(
  'sbom_components',
  {
    releaseKey: text('release_key')
      .notNull()
      .references(() => releaseSboms.releaseKey, { onDelete: 'cascade' }),
    /** Its place in the SBOM, depth first: a component may appear twice (two versions of one library). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    version: text('version'),
    purl: text('purl'),
    purlKey: text('purl_key'),
  },
  (table) => [
    primaryKey({ columns: [table.releaseKey, table.position] }),
    index('sbom_components_name_key').on(sql`${table.nameKey} COLLATE "C"`, table.releaseKey, table.position),
    index('sbom_components_purl_key').on(sql`${table.purlKey} COLLATE "C"`, table.releaseKey, table.position),
  ],
);
