import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { BlobStore } from '../../plugins/blob-store';
import { CATALOGUE_PUBLISHED_CHANNEL } from '../../plugins/catalogue/catalogue';
import { registrationDigester } from '../../plugins/registrations';
import { checkAndHashFiles, readFirmwareReleaseNotes, readManifest, type ImportProgress } from './manifest-check';
import { sweepBlobStore, takeImportLock } from './sweep';
import {
  upsertConfigurations,
  upsertChromatofReleaseFiles,
  upsertChromatofReleases,
  upsertDsvs,
  upsertFamilies,
  upsertFiles,
  upsertOptions,
  upsertFirmwareReleases,
  issueFirmwareMetadata,
  upsertPasswordResetRegistrations,
  upsertPibs,
  upsertRegistrationManagers,
  upsertRegistrations,
  upsertReleaseNotes,
  upsertVersions,
  type Changes,
} from './upserts';

export interface ImportSummary {
  files: { stored: number; alreadyStored: number };
  families: { added: number };
  versions: Changes;
  registrations: Changes;
  pibs: Changes;
  dsvs: Changes;
  releaseNotes: Changes;
  options: Changes;
  configurations: Changes;
  chromatofReleases: Changes;
  chromatofFiles: Changes;
  firmware: Changes;
  /** The sequence number of the firmware metadata file this publish issued; null: no firmware published yet. */
  firmwareMetadata: number | null;
  passwordReset: Changes;
  managers: { added: number; removed: number };
}

/**
 * Publishes a folder: its catalogue.json and the files beside it. All or nothing: the whole
 * manifest is checked before anything is written, files are copied into the blob store
 * under temporary names and renamed, and the catalogue rows are written in one
 * transaction, one upsert per entity (upserts.ts). That transaction first takes the import
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
  const firmwareReleaseNotes = await readFirmwareReleaseNotes(folder, manifest);

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
          versions: await upsertVersions(tx, manifest.versions, fileIdOf),
          registrations: await upsertRegistrations(tx, manifest, digestOf),
          pibs: await upsertPibs(tx, manifest.pibs, fileIdOf),
          dsvs: await upsertDsvs(tx, manifest.dsvs, fileIdOf),
          releaseNotes: await upsertReleaseNotes(tx, manifest.releaseNotes, fileIdOf),
          options: await upsertOptions(tx, manifest.options),
          configurations: await upsertConfigurations(tx, manifest.configurations),
          chromatofReleases: await upsertChromatofReleases(tx, manifest.chromatof?.releases ?? []),
          chromatofFiles: await upsertChromatofReleaseFiles(tx, manifest.chromatof?.releases ?? [], fileIdOf),
          passwordReset: await upsertPasswordResetRegistrations(tx, manifest.passwordReset ?? [], digestOf),
          managers: await upsertRegistrationManagers(tx, manifest.passwordReset ?? [], digestOf),
          firmware: await upsertFirmwareReleases(
            tx,
            manifest.firmware,
            (version) => firmwareReleaseNotes.get(version)!,
            fileIdOf,
          ),
          firmwareMetadata: await issueFirmwareMetadata(tx, new Date()),
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
