import type { DatabaseExecutor } from '../../db/connect';
import { eq } from 'drizzle-orm';
import { fileRestorations, files, fileWithdrawals, productFamilies } from './catalogue-tables';
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
  /** Files restored at least once, by ID: a feed dates a restored file's entry by its restoration. */
  restored: Map<string, RestoredFile>;
  /**
   * The same catalogue as if nothing were withdrawn (every file in the sections' parts), for
   * what must still name a withdrawn file: the feeds' withdrawn entries and the answer of a
   * withdrawn firmware version (docs/decisions/180-withdrawals-in-the-feeds.md). Never for a
   * lookup. The snapshot itself while nothing is withdrawn; its own `asPublished` is itself.
   */
  asPublished: CatalogueSnapshot;
}

export interface WithdrawnFile {
  name: string;
  reason: string;
  withdrawnAt: string;
  /** Which withdrawal of the file this is, from 1: each has its own feed entry. */
  number: number;
}

export interface RestoredFile {
  restoredAt: string;
}

export async function loadSnapshot(db: DatabaseExecutor): Promise<CatalogueSnapshot> {
  const [familyRows, fileRows, restorationRows, sections] = await Promise.all([
    db.select().from(productFamilies),
    db
      .select({ file: files, withdrawal: fileWithdrawals })
      .from(files)
      .leftJoin(fileWithdrawals, eq(fileWithdrawals.fileId, files.id)),
    db.select().from(fileRestorations),
    loadSections(db),
  ]);
  const restorations = new Map(restorationRows.map((row) => [row.fileId, row]));
  const record = (file: (typeof fileRows)[number]['file']): FileRecord => ({
    id: file.id,
    blobKey: file.blobKey,
    name: file.name,
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256.trim(),
    publishedAt: file.publishedAt.toISOString(),
  });
  const fileById = new Map<string, FileRecord>(
    fileRows.filter(({ withdrawal }) => withdrawal === null).map(({ file }) => [file.id, record(file)]),
  );
  const withdrawn = new Map<string, WithdrawnFile>(
    fileRows.flatMap(({ file, withdrawal }) =>
      withdrawal === null
        ? []
        : [
            [
              file.id,
              {
                name: file.name,
                reason: withdrawal.reason,
                withdrawnAt: withdrawal.withdrawnAt.toISOString(),
                number: (restorations.get(file.id)?.restorations ?? 0) + 1,
              },
            ],
          ],
    ),
  );
  const restored = new Map<string, RestoredFile>(
    [...restorations.values()]
      .filter((row) => fileById.has(row.fileId))
      .map((row) => [row.fileId, { restoredAt: row.restoredAt.toISOString() }]),
  );
  const families = familyRows.map((family) => family.name).sort();
  const live = { families, files: fileById, withdrawn, restored, ...sections(fileById) };
  if (withdrawn.size === 0) return completed(live);
  // A second join of the same rows, to every file: only while something is withdrawn. The
  // registrations concern no file: the live map serves both.
  const everyFile = new Map(fileRows.map(({ file }) => [file.id, record(file)]));
  const asPublished = completed({
    families,
    files: everyFile,
    withdrawn,
    restored,
    ...sections(everyFile),
    registrations: live.registrations,
  });
  return completed(live, asPublished);
}

/** The snapshot with its view as published: the one given, or itself. */
function completed(parts: Omit<CatalogueSnapshot, 'asPublished'>, asPublished?: CatalogueSnapshot): CatalogueSnapshot {
  const snapshot = parts as CatalogueSnapshot;
  snapshot.asPublished = asPublished ?? snapshot;
  return snapshot;
}
