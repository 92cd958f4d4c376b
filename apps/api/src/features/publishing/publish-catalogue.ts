import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { BlobStore } from '../../plugins/blob-store';
import { CATALOGUE_PUBLISHED_CHANNEL } from '../../plugins/catalogue/catalogue';
import { prepareSections, upsertSections, type SectionsSummary } from '../../plugins/catalogue/sections';
import { registrationDigester } from '../../plugins/registrations/registrations';
import { checkAndHashFiles, readManifest, type ImportProgress } from './manifest-check';
import { sweepBlobStore, takeImportLock } from './sweep';
import { upsertFamilies, upsertFiles } from './upserts';

export interface ImportSummary extends SectionsSummary {
  files: { stored: number; alreadyStored: number };
  families: { added: number };
}

/**
 * Publishes a folder: its catalogue.json and the files beside it. All or nothing: the whole
 * manifest is checked before anything is written, files are copied into the blob store
 * under temporary names and renamed, and the catalogue rows are written in one
 * transaction, each section's upsert (plugins/catalogue/sections.ts). That transaction first takes the import
 * lock and sweeps what interrupted imports left (sweep.ts), so imports take turns from the
 * sweep to the commit and a sweep never meets another import's uncommitted blobs.
 */
export async function importCatalogue({
  folder,
  db,
  secretKey,
  blobStore,
  progress,
  sweepGraceMs,
}: {
  folder: string;
  db: Database;
  secretKey: Buffer;
  blobStore: BlobStore;
  progress?: ImportProgress;
  /** How old a leftover must be to be swept (sweep.ts's SWEEP_GRACE_MS unless a test says otherwise). */
  sweepGraceMs?: number;
}): Promise<ImportSummary> {
  const manifest = await readManifest(folder);
  const hashed = await checkAndHashFiles(folder, manifest, progress);
  const prepared = await prepareSections(folder, manifest);

  const written: string[] = [];
  let alreadyStored = 0;
  try {
    const digestOf = registrationDigester(secretKey);
    const summary = await db.transaction(async (tx) => {
      await takeImportLock(tx);
      await sweepBlobStore(tx, blobStore, { graceMs: sweepGraceMs });
      try {
        for (const file of new Map([...hashed.values()].map((file) => [file.blobKey, file])).values()) {
          const onProgress = progress?.upload?.bind(progress, file.name);
          if (await blobStore.put(file.source, file.blobKey, { onProgress })) written.push(file.blobKey);
          else alreadyStored++;
        }
        const fileIdOf = await upsertFiles(tx, hashed);
        const rows = {
          families: await upsertFamilies(tx, manifest.families),
          ...(await upsertSections(tx, manifest, { fileIdOf, digestOf }, prepared)),
        };
        // Delivered on commit only, to every server listening on this database.
        await tx.execute(sql.raw(`NOTIFY ${CATALOGUE_PUBLISHED_CHANNEL}`));
        return rows;
      } catch (error) {
        // Blobs this import added are referenced by nothing now. Removed while the lock is
        // still held: the next import could otherwise find one, reuse it, and lose it.
        // (Should the commit itself fail, the next sweep takes them.)
        await Promise.all(written.map((blobKey) => blobStore.remove(blobKey)));
        throw error;
      }
    });
    return { ...summary, files: { stored: written.length, alreadyStored } };
  } catch (error) {
    // The database's own words (a constraint, a full disk), not the query text Drizzle wraps them in.
    throw error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  }
}
