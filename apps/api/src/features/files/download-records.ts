import { inArray, sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { BoundedMap } from '../../shared/bounded-map';
import { batchedWrites } from '../../shared/batched-writes';

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
  (table) => [
    index('downloads_file_idx').on(table.fileId, table.downloadedAt),
    // The retention clean-up finds expired rows by age alone (download-retention.ts).
    index('downloads_downloaded_at_idx').on(table.downloadedAt),
  ],
);

export type DownloadRecord = Omit<typeof downloads.$inferInsert, 'id' | 'downloadedAt'>;

/** A full buffer is written at once: one INSERT of this many rows stays well under PostgreSQL's 65,535 parameters. */
export const DOWNLOAD_RECORDS_BATCH_SIZE = 500;
/** A record waits at most this long for others to share its INSERT. */
export const DOWNLOAD_RECORDS_FLUSH_INTERVAL_MS = 1_000;
/**
 * Ranged requests for one link from one client within this long of the previous one are
 * the same download (a download manager's segments and resumes).
 */
export const DOWNLOAD_DEDUPE_WINDOW_MS = 10 * 60 * 1_000;
/** Links remembered for that window; the least recently used is forgotten first. About 2 MB. */
export const DOWNLOAD_DEDUPE_CAPACITY = 10_000;
/** While the database does not answer, records beyond this many are dropped rather than held. */
export const DOWNLOAD_RECORDS_MAX_BUFFERED = 10_000;

export interface DownloadVisit {
  /**
   * What makes two requests the same download: the link's signature and the client's
   * full address. Held in memory only; neither is ever written.
   */
  link: string;
  /** A ranged request continues the link's download; a whole-file request starts one. */
  ranged: boolean;
  record: DownloadRecord;
}

/** One download: a row once `id` is known, and the bytes sent beyond what that row says. */
interface Download {
  values: Omit<DownloadRecord, 'bytesSent'> & { downloadedAt: Date };
  bytesSent: number;
  bytesWritten: number;
  id?: number;
  lastSeenMs: number;
}

/**
 * Writes download records in batches once the answers have gone out, never holding up a
 * download: one multi-row INSERT per DOWNLOAD_RECORDS_BATCH_SIZE records or
 * DOWNLOAD_RECORDS_FLUSH_INTERVAL_MS, whichever comes first, and the rest on close. A
 * ranged request that continues a download adds its bytes to that download's row. A batch
 * that cannot be written is logged (its size and the error's code only: the error itself
 * quotes the rows) and dropped (docs/decisions/051-download-records-and-sweeps.md).
 */
export function downloadRecorder(
  db: Database,
  log: FastifyBaseLogger,
  { now = Date.now }: { now?: () => number } = {},
) {
  const recent = new BoundedMap<string, Download>(DOWNLOAD_DEDUPE_CAPACITY);
  let unwritten = new Set<Download>();
  let dropped = 0;
  // One write at a time, in order: a row's INSERT has returned its id before any UPDATE of it.
  const writes = batchedWrites(async () => {
    const batch = [...unwritten];
    unwritten = new Set();
    if (dropped > 0) {
      log.warn({ records: dropped }, 'dropped download records: too many were waiting to be written');
      dropped = 0;
    }
    if (batch.length === 0) return;
    try {
      await writeBatch(db, batch);
    } catch (error) {
      log.warn({ records: batch.length, code: errorCode(error) }, 'could not write download records');
    }
  }, DOWNLOAD_RECORDS_FLUSH_INTERVAL_MS);
  const flush = writes.flush;

  return {
    record({ link, ranged, record }: DownloadVisit) {
      const nowMs = now();
      const { bytesSent, ...values } = record;
      let download = ranged ? recent.get(link) : undefined;
      if (download && nowMs - download.lastSeenMs <= DOWNLOAD_DEDUPE_WINDOW_MS) {
        download.bytesSent += bytesSent;
        download.lastSeenMs = nowMs;
      } else {
        if (unwritten.size >= DOWNLOAD_RECORDS_MAX_BUFFERED) {
          dropped++;
          return;
        }
        download = {
          values: { ...values, downloadedAt: new Date(nowMs) },
          bytesSent,
          bytesWritten: 0,
          lastSeenMs: nowMs,
        };
        recent.set(link, download);
      }
      unwritten.add(download);
      if (unwritten.size >= DOWNLOAD_RECORDS_BATCH_SIZE) void flush();
      else writes.soon();
    },
    flush,
    /** Writes whatever is waiting; a clean shutdown loses no record. */
    async close() {
      await flush();
    },
  };
}

async function writeBatch(db: Database, batch: Download[]) {
  const fresh = batch.filter((download) => download.id === undefined);
  const grown = batch.filter((download) => download.id !== undefined && download.bytesSent > download.bytesWritten);
  if (fresh.length > 0) {
    const sent = fresh.map((download) => download.bytesSent);
    const rows = await db
      .insert(downloads)
      .values(fresh.map((download, i) => ({ ...download.values, bytesSent: sent[i]! })))
      .returning({ id: downloads.id });
    // PostgreSQL returns the rows of an INSERT … VALUES in the order of its VALUES.
    rows.forEach((row, i) => {
      fresh[i]!.id = row.id;
      fresh[i]!.bytesWritten = sent[i]!;
    });
  }
  if (grown.length > 0) {
    const added = grown.map((download) => download.bytesSent - download.bytesWritten);
    const cases = grown.map((download, i) => sql`WHEN ${download.id} THEN ${added[i]}::bigint`);
    await db
      .update(downloads)
      .set({ bytesSent: sql`${downloads.bytesSent} + CASE ${downloads.id} ${sql.join(cases, sql` `)} END` })
      .where(
        inArray(
          downloads.id,
          grown.map((download) => download.id!),
        ),
      );
    grown.forEach((download, i) => (download.bytesWritten += added[i]!));
  }
}

/** A database or system error code (`23503`, `ECONNREFUSED`), never the message, which can quote values and addresses. */
export function errorCode(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return 'unknown';
}
