import type { CatalogueManifest, ManifestFile } from '@portal/contracts';
import type { DatabaseExecutor } from '../../db/connect';
import { files, productFamilies } from '../../plugins/catalogue/catalogue-tables';
import { fileKey, type HashedFile } from './manifest-check';

/**
 * The catalogue's own rows: the published files and the product families. Every other
 * row is written by its section (plugins/catalogue/sections.ts).
 */

/** Every file the manifest names, by fileKey; answers each one's row ID. */
export async function upsertFiles(tx: DatabaseExecutor, hashed: Map<string, HashedFile>) {
  const ids = new Map<string, string>();
  for (const [key, file] of hashed) {
    const [row] = await tx
      .insert(files)
      .values({
        blobKey: file.blobKey,
        name: file.name,
        contentType: file.contentType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
      })
      // A no-op update, so the existing row's ID comes back too.
      .onConflictDoUpdate({ target: [files.sha256, files.name, files.contentType], set: { blobKey: files.blobKey } })
      .returning({ id: files.id });
    ids.set(key, row!.id);
  }
  return (file: ManifestFile) => ids.get(fileKey(file))!;
}

export async function upsertFamilies(tx: DatabaseExecutor, families: CatalogueManifest['families']) {
  const added = await tx
    .insert(productFamilies)
    .values(families.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ name: productFamilies.name });
  return { added: added.length };
}
