import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { blobStoreOf } from '../../plugins/blob-store';
import type { ImportProgress } from './manifest-check';
import { importCatalogue, type ImportSummary } from './publish-catalogue';

export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT EXISTS (SELECT 1 FROM versions) AND NOT EXISTS (SELECT 1 FROM registrations) AS empty`,
  );
  return rows[0]?.empty === true;
}

/** `npm run portal -- import <folder>` and the demo import on first start both come here. */
export function importFolder(
  folder: string,
  { db, secretKey, dataDir, progress }: { db: Database; secretKey: Buffer; dataDir: string; progress?: ImportProgress },
): Promise<ImportSummary> {
  return importCatalogue({ folder, db, secretKey, blobStore: blobStoreOf(dataDir), progress });
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
    changes('password reset settings', summary.passwordReset),
    `registration managers: ${summary.managers.added} added, ${summary.managers.removed} removed`,
  ];
}
