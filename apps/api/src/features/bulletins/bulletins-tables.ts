import { pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { documentColumns } from '../../plugins/catalogue/documents';

/** Product Information Bulletins (PIBs), by product, version and internal variant, with their document fields. */
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
    ...documentColumns(),
  },
  (table) => [primaryKey({ columns: [table.product, table.version, table.internalVariant] })],
);
