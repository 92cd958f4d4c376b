import path from 'node:path';
import type pg from 'pg';
import { BlobStore } from './blob-store';
import { importCatalogue, type ImportProgress, type ImportSummary } from './import-catalogue';

/** The blob store's folder under DATA_DIR. */
export function blobRootOf(dataDir: string): string {
  return path.join(dataDir, 'files');
}

export async function catalogueIsEmpty(pool: pg.Pool): Promise<boolean> {
  const { rows } = await pool.query(
    'SELECT NOT EXISTS (SELECT 1 FROM versions) AND NOT EXISTS (SELECT 1 FROM registrations) AS empty',
  );
  return rows[0].empty === true;
}

/** `npm run portal -- import <folder>` and the demo import on first start both come here. */
export function importFolder(
  folder: string,
  {
    pool,
    secretKey,
    dataDir,
    progress,
  }: { pool: pg.Pool; secretKey: Buffer; dataDir: string; progress?: ImportProgress },
): Promise<ImportSummary> {
  return importCatalogue({ folder, pool, secretKey, blobStore: new BlobStore(blobRootOf(dataDir)), progress });
}

export function describeSummary(summary: ImportSummary): string[] {
  const changes = (label: string, { added, changed, unchanged }: ImportSummary['versions']) =>
    `${label}: ${added} added, ${changed} changed, ${unchanged} unchanged`;
  return [
    `files: ${summary.files.stored} stored, ${summary.files.alreadyStored} already stored`,
    `families: ${summary.families.added} added`,
    changes('versions', summary.versions),
    changes('registration and key IDs', summary.registrations),
    changes('PIBs', summary.pibs),
    changes('DSVs', summary.dsvs),
  ];
}
