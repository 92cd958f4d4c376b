import { inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/connect';
import { downloads, errorCode } from './download-records';

/** How often expired download records are deleted, after once at start-up. */
export const DOWNLOAD_RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1_000;
/** Rows per DELETE: each statement is short, so a backlog never holds one long lock. */
export const DOWNLOAD_RETENTION_CHUNK_ROWS = 5_000;

const DAY_MS = 24 * 60 * 60 * 1_000;

/**
 * Deletes download records older than `retentionDays`, in chunks of `chunkRows`, until
 * none is left or `stopped()` says the portal is closing. Returns how many it deleted.
 */
export async function deleteExpiredDownloads(
  db: Database,
  retentionDays: number,
  {
    nowMs = Date.now(),
    chunkRows = DOWNLOAD_RETENTION_CHUNK_ROWS,
    stopped = () => false,
  }: { nowMs?: number; chunkRows?: number; stopped?: () => boolean } = {},
): Promise<number> {
  const cutoff = new Date(nowMs - retentionDays * DAY_MS);
  let deleted = 0;
  while (!stopped()) {
    const chunk = db
      .select({ id: downloads.id })
      .from(downloads)
      .where(lt(downloads.downloadedAt, cutoff))
      .limit(chunkRows);
    const { rowCount } = await db.delete(downloads).where(inArray(downloads.id, chunk));
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < chunkRows) break;
  }
  return deleted;
}

/**
 * Runs the clean-up now and every DOWNLOAD_RETENTION_INTERVAL_MS. The timer does not keep
 * the process alive; `stop()` clears it and waits for a clean-up under way to finish its
 * current chunk.
 */
export function scheduleDownloadRetention(db: Database, retentionDays: number, log: FastifyBaseLogger) {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        const deleted = await deleteExpiredDownloads(db, retentionDays, { stopped: () => stopped });
        if (deleted > 0) log.info({ records: deleted, retentionDays }, 'deleted expired download records');
      } catch (error) {
        log.warn({ code: errorCode(error) }, 'could not delete expired download records');
      }
    });
  };
  run();
  const timer = setInterval(run, DOWNLOAD_RETENTION_INTERVAL_MS).unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
