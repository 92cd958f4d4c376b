import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Option codes and what they mean (Products & Options); published with the catalogue. */
export const options = pgTable('options', {
  code: text('code').primaryKey(),
  description: text('description').notNull(),
});

/**
 * The products of a family in a Cornerstone version, with their space-separated lists as
 * published (decoded for display by `decodeConfiguration` in contracts).
 */
export const configurations = pgTable(
  'configurations',
  {
    friendlyFamily: text('friendly_family').notNull(),
    currentVersion: text('current_version').notNull(),
    product: text('product').notNull(),
    packages: text('packages').notNull().default(''),
    trueOptions: text('true_options').notNull().default(''),
    falseOptions: text('false_options').notNull().default(''),
    expirableOptions: text('expirable_options').notNull().default(''),
    trueRanges: text('true_ranges').notNull().default(''),
    trueAnalytes: text('true_analytes').notNull().default(''),
  },
  (table) => [primaryKey({ columns: [table.friendlyFamily, table.currentVersion, table.product] })],
);
