import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect';
import { files } from '../../plugins/catalogue/catalogue-tables';

/** Every download, for the usage figures: never the credential itself, and the client address truncated. */
export const downloads = pgTable(
  'downloads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    registrationDigest: text('registration_digest'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }).notNull().defaultNow(),
    bytesSent: bigint('bytes_sent', { mode: 'number' }).notNull(),
    clientAddress: text('client_address').notNull(),
  },
  (table) => [index('downloads_file_idx').on(table.fileId, table.downloadedAt)],
);

export type DownloadRecord = Omit<typeof downloads.$inferInsert, 'id' | 'downloadedAt'>;

/**
 * Writes download records once the answer has gone out, never holding up a download; a
 * record that cannot be written is logged and dropped. Closing waits for those in flight.
 */
export function downloadRecorder(db: Database, log: FastifyBaseLogger) {
  const pending = new Set<Promise<unknown>>();
  return {
    record(record: DownloadRecord) {
      const write = db
        .insert(downloads)
        .values(record)
        .catch((error: unknown) => log.warn({ err: error }, 'could not record a download'))
        .finally(() => pending.delete(write));
      pending.add(write);
    },
    async close() {
      await Promise.allSettled(pending);
    },
  };
}
