import { DrizzleQueryError, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { BlobStore } from '../../plugins/blob-store';
import { CATALOGUE_PUBLISHED_CHANNEL } from '../../plugins/catalogue/catalogue';
import { registrationDigester } from '../../plugins/registrations';
import { checkAndHashFiles, readManifest, type ImportProgress } from './manifest-check';
import {
  upsertDsvs,
  upsertFamilies,
  upsertFiles,
  upsertPasswordResetRegistrations,
  upsertPibs,
  upsertRegistrationManagers,
  upsertRegistrations,
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
  passwordReset: Changes;
  managers: { added: number; removed: number };
}

/**
 * Publishes a folder: its catalogue.json and the files beside it. All or nothing: the whole
 * manifest is checked before anything is written, files are copied into the blob store
 * under temporary names and renamed, and the catalogue rows are written in one
 * transaction, one upsert per entity (upserts.ts).
 */
export async function importCatalogue({
  folder,
  db,
  secretKey,
  blobStore,
  progress,
}: {
  folder: string;
  db: Database;
  secretKey: Buffer;
  blobStore: BlobStore;
  progress?: ImportProgress;
}): Promise<ImportSummary> {
  const manifest = await readManifest(folder);
  const hashed = await checkAndHashFiles(folder, manifest, progress);

  const written: string[] = [];
  let alreadyStored = 0;
  try {
    for (const file of new Map([...hashed.values()].map((file) => [file.blobKey, file])).values()) {
      if (await blobStore.put(file.source, file.blobKey)) written.push(file.blobKey);
      else alreadyStored++;
    }
    const digestOf = registrationDigester(secretKey);
    const summary = await db.transaction(async (tx) => {
      const fileIdOf = await upsertFiles(tx, hashed);
      const rows = {
        families: await upsertFamilies(tx, manifest.families),
        versions: await upsertVersions(tx, manifest.versions, fileIdOf),
        registrations: await upsertRegistrations(tx, manifest, digestOf),
        pibs: await upsertPibs(tx, manifest.pibs, fileIdOf),
        dsvs: await upsertDsvs(tx, manifest.dsvs, fileIdOf),
        passwordReset: await upsertPasswordResetRegistrations(tx, manifest.passwordReset ?? [], digestOf),
        managers: await upsertRegistrationManagers(tx, manifest.passwordReset ?? [], digestOf),
      };
      // Delivered on commit only, to every server listening on this database.
      await tx.execute(sql.raw(`NOTIFY ${CATALOGUE_PUBLISHED_CHANNEL}`));
      return rows;
    });
    return { ...summary, files: { stored: written.length, alreadyStored } };
  } catch (error) {
    // Blobs this import added are referenced by nothing now.
    await Promise.all(written.map((blobKey) => blobStore.remove(blobKey)));
    // The database's own words (a constraint, a full disk), not the query text Drizzle wraps them in.
    throw error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  }
}
