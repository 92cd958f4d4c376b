import { boolean, pgTable, text } from 'drizzle-orm/pg-core';
import { productFamilies } from '../catalogue/catalogue-tables';

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
  /** A key ID's ChromaTOF products whose releases it may download (features/chromatof). */
  downloads: text('downloads').array().notNull().default([]),
  revoked: boolean('revoked').notNull().default(false),
});

/** A published registration or key ID, as the snapshot holds it. */
export type RegistrationRecord = typeof registrations.$inferSelect;
