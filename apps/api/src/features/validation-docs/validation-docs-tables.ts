import { pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { documentColumns } from '../../plugins/catalogue/documents';

/** Declaration of Software Validation documents, by key, with their document fields; the version is kept as published. */
export const dsvs = pgTable('dsvs', {
  key: text('key').primaryKey(),
  version: text('version').notNull(),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id),
  ...documentColumns(),
});
