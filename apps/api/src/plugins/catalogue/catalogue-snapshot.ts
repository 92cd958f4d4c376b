import type { Database } from '../../db/connect';
import { eq } from 'drizzle-orm';
import { files, fileWithdrawals, productFamilies } from './catalogue-tables';
import type { FileRecord } from './section-kit';
import { loadSections, type SectionsSnapshot } from './sections';

// Each section's records are its own (sections.ts); named here too, as parts of the snapshot.
export type { ChromatofReleaseRecord } from '../../features/chromatof/section';
export type { ConfigurationRecord, OptionRecord } from '../../features/configurations/section';
export type { DsvRecord } from '../../features/validation-docs/section';
export type { FirmwareSnapshot } from '../../features/firmware/section';
export type { PibRecord } from '../../features/bulletins/section';
export { releaseNotesKey, type VersionRecord } from '../../features/releases/section';
export type { RegistrationRecord } from '../registrations/registrations-tables';
export type { FileRecord };

/**
 * The whole catalogue in memory: every lookup is answered from here, never from the
 * database. The published files and the product families are the catalogue's own; the rest
 * is each section's part (sections.ts).
 */
export interface CatalogueSnapshot extends SectionsSnapshot {
  families: string[];
  /** The live files: a withdrawn file is in none of the sections' parts either. */
  files: Map<string, FileRecord>;
  /** Withdrawn files by ID, for the answer of their links. */
  withdrawn: Map<string, WithdrawnFile>;
}

export interface WithdrawnFile {
  name: string;
  reason: string;
  withdrawnAt: string;
}

export async function loadSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const [familyRows, fileRows, sections] = await Promise.all([
    db.select().from(productFamilies),
    db
      .select({ file: files, withdrawal: fileWithdrawals })
      .from(files)
      .leftJoin(fileWithdrawals, eq(fileWithdrawals.fileId, files.id)),
    loadSections(db),
  ]);
  const fileById = new Map<string, FileRecord>(
    fileRows
      .filter(({ withdrawal }) => withdrawal === null)
      .map(({ file }) => [
        file.id,
        {
          id: file.id,
          blobKey: file.blobKey,
          name: file.name,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          sha256: file.sha256.trim(),
          publishedAt: file.publishedAt.toISOString(),
        },
      ]),
  );
  const withdrawn = new Map<string, WithdrawnFile>(
    fileRows.flatMap(({ file, withdrawal }) =>
      withdrawal === null
        ? []
        : [
            [
              file.id,
              { name: file.name, reason: withdrawal.reason, withdrawnAt: withdrawal.withdrawnAt.toISOString() },
            ],
          ],
    ),
  );
  return {
    families: familyRows.map((family) => family.name).sort(),
    files: fileById,
    withdrawn,
    ...sections(fileById),
  };
}
