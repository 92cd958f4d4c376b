import { sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connect';
import { blobKeyFor } from '../../plugins/blob-keys';
import type { BlobStore } from '../../plugins/blob-store';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { publishingUploads } from './publishing-tables';

/**
 * Any fixed number: it names the PostgreSQL advisory lock an import holds from its sweep to
 * its commit, so imports (from any process on this database) take turns.
 */
export const IMPORT_LOCK_KEY = 7_314_159_266;

/**
 * Leftovers younger than this are never swept: a writer that does not take the import lock
 * (an older portal during an upgrade) may still be between copying a blob in and committing.
 */
export const SWEEP_GRACE_MS = 60 * 60 * 1_000;

export interface SweepSummary {
  /** Writes into the blob store that never completed. */
  incomplete: number;
  /** Blobs no file row and no draft's upload references. */
  unreferenced: number;
}

/** Waits for the import lock; it is released when the transaction ends, even if the process dies. */
export async function takeImportLock(tx: DatabaseExecutor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY})`);
}

/** Takes the import lock if no import holds it. */
export async function tryImportLock(tx: DatabaseExecutor): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY}) AS locked`,
  );
  return rows[0]?.locked === true;
}

/**
 * Removes what interrupted imports left in the blob store: unfinished writes, and blobs no
 * file row references, both older than `graceMs`. A blob uploaded into a draft is spared
 * while the draft lives (publishing_uploads): once it publishes, a file row references it;
 * once it expires, its rows are gone and so, at the next sweep, is the blob. Call it holding the import lock, inside
 * the transaction that took it, so no import is between copying a blob in and committing.
 */
export async function sweepBlobStore(
  tx: DatabaseExecutor,
  blobStore: BlobStore,
  { graceMs = SWEEP_GRACE_MS, nowMs = Date.now() }: { graceMs?: number; nowMs?: number } = {},
): Promise<SweepSummary> {
  const cutoff = new Date(nowMs - graceMs);
  const incomplete = await blobStore.removeIncomplete(cutoff);
  const referenced = new Set([
    ...(await tx.selectDistinct({ blobKey: files.blobKey }).from(files)).map((row) => row.blobKey),
    ...(await tx.selectDistinct({ sha256: publishingUploads.sha256 }).from(publishingUploads)).map((row) =>
      blobKeyFor(row.sha256.trim()),
    ),
  ]);
  let unreferenced = 0;
  for await (const blob of blobStore.list()) {
    if (referenced.has(blob.key) || blob.modifiedAt >= cutoff) continue;
    await blobStore.remove(blob.key);
    unreferenced++;
  }
  return { incomplete, unreferenced };
}
