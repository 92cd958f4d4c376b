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
 * lower case, with btree indexes in the C collation's order (text_pattern_ops), so a
 * prefix search (`LIKE 'open%'`) is an index range scan.
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
    index('sbom_components_name_key').on(table.nameKey.op('text_pattern_ops')),
    index('sbom_components_purl_key').on(table.purlKey.op('text_pattern_ops')),
  ],
);
