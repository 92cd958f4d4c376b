import type { Database } from '../../db/connect';
import type { BlobStore } from '../../plugins/blob-store';
import type { SectionsSummary } from '../../plugins/catalogue/sections';
import { prepareSections } from '../../plugins/catalogue/sections';
import { applyChangeSet, type ChangeAuthor } from './change-set';
import { checkAndHashFiles, readManifest, withManifestLines, type ImportProgress } from './manifest-check';

export interface ImportSummary extends SectionsSummary {
  files: { stored: number; alreadyStored: number };
  families: { added: number };
  /** The change history's record of this import (docs/publishing.md#the-history). */
  change: { id: number; digest: string };
}

/**
 * Publishes a folder: its catalogue.json and the files beside it, as one change set
 * (change-set.ts). All or nothing: the whole manifest is checked before anything is
 * written, files are copied into the blob store under temporary names and renamed, and the
 * catalogue rows are written in one transaction, each section's upsert
 * (plugins/catalogue/sections.ts). That transaction first takes the import lock and sweeps
 * what interrupted imports left (sweep.ts), so imports take turns from the sweep to the
 * commit and a sweep never meets another import's uncommitted blobs.
 */
export async function importCatalogue({
  folder,
  db,
  secretKey,
  blobStore,
  author,
  progress,
  sweepGraceMs,
}: {
  folder: string;
  db: Database;
  secretKey: Buffer;
  blobStore: BlobStore;
  author: ChangeAuthor;
  progress?: ImportProgress;
  /** How old a leftover must be to be swept (sweep.ts's SWEEP_GRACE_MS unless a test says otherwise). */
  sweepGraceMs?: number;
}): Promise<ImportSummary> {
  const manifest = await readManifest(folder);
  const files = await checkAndHashFiles(folder, manifest, progress);
  const prepared = await prepareSections(folder, manifest).catch((error: unknown) => withManifestLines(folder, error));
  const applied = await applyChangeSet(db, { kind: 'manifest', manifest, files, prepared }, author, {
    secretKey,
    blobStore,
    progress,
    sweepGraceMs,
  });
  return { ...applied.upserts!, files: applied.files, change: { id: applied.changeId, digest: applied.digest } };
}
