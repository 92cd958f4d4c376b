import type { CatalogueManifest, ManifestFile } from '@portal/contracts';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { bulletinsSection, pibOf } from '../../features/bulletins/section';
import { chromatofFileOf, chromatofSection } from '../../features/chromatof/section';
import { configurationsSection } from '../../features/configurations/section';
import { firmwareSection } from '../../features/firmware/section';
// Withdrawals and restorations without an import issue firmware metadata too (features/publishing).
export { reissueFirmwareMetadata } from '../../features/firmware/section';
import { passwordResetSection } from '../../features/password-reset/section';
import { sbomsSection } from '../../features/sboms/section';
import { anyVersion, offlineInstallerOf, releaseNotesSection, releasesSection } from '../../features/releases/section';
import { dsvOf, validationDocsSection } from '../../features/validation-docs/section';
import { anyRegistration, registrationsSection } from '../registrations/section';
import type { FileRecord, ManifestProblems, SectionWrite } from './section-kit';

/**
 * The catalogue's sections, composed. Each section owns its tables, its part of the
 * manifest check, its upsert and its snapshot loader, in the folder of the feature it
 * belongs to (`features/<feature>/section.ts`; registrations, a shared service, in
 * `plugins/registrations/`). The import pipeline (features/publishing) and the snapshot
 * (catalogue-snapshot.ts) come here; a new section is one line in each list below and
 * its tables in db/schema.ts (docs/decisions/105-catalogue-sections-own-their-tables.md).
 */

/** In the order of the manifest: problems are reported and files hashed in this order. */
const SECTIONS = [
  releasesSection,
  registrationsSection,
  bulletinsSection,
  validationDocsSection,
  releaseNotesSection,
  configurationsSection,
  chromatofSection,
  firmwareSection,
  passwordResetSection,
  sbomsSection,
] as const;

/** The tables the change history shows field by field, by the name of their part of the summary (history.ts). */
export function recordedTables() {
  return SECTIONS.flatMap((section) => ('recorded' in section ? Object.entries(section.recorded) : []));
}

/** Every section's part of the manifest check, after its shape has been validated. */
export function checkSections(manifest: CatalogueManifest, problems: ManifestProblems): void {
  for (const section of SECTIONS) section.check(manifest, problems);
}

/** Every file of the folder the manifest names, section by section. */
export function sectionFiles(manifest: CatalogueManifest): ManifestFile[] {
  return SECTIONS.flatMap((section) => ('files' in section ? section.files(manifest) : []));
}

/** What sections read from the folder beyond the files (after the check, before anything is written). */
export async function prepareSections(folder: string, manifest: CatalogueManifest) {
  return {
    firmware: await firmwareSection.prepare(folder, manifest),
    sboms: await sbomsSection.prepare(folder, manifest),
  };
}

export type PreparedSections = Awaited<ReturnType<typeof prepareSections>>;

/**
 * Every section's rows, in the import's transaction. Registrations come before the password
 * reset settings that refer to them, and firmware last: its metadata file covers every
 * release the transaction sees.
 */
export async function upsertSections(
  tx: DatabaseExecutor,
  manifest: CatalogueManifest,
  write: SectionWrite,
  prepared: PreparedSections,
) {
  return {
    ...(await releasesSection.upsert(tx, manifest, write)),
    ...(await registrationsSection.upsert(tx, manifest, write)),
    ...(await bulletinsSection.upsert(tx, manifest, write)),
    ...(await validationDocsSection.upsert(tx, manifest, write)),
    ...(await releaseNotesSection.upsert(tx, manifest, write)),
    ...(await configurationsSection.upsert(tx, manifest)),
    ...(await chromatofSection.upsert(tx, manifest, write)),
    ...(await passwordResetSection.upsert(tx, manifest, write)),
    ...(await firmwareSection.upsert(tx, manifest, write, prepared.firmware)),
    // After the releases: an SBOM belongs to one (its rows name the release's key).
    ...(await sbomsSection.upsert(tx, manifest, write, prepared.sboms)),
  };
}

export type SectionsSummary = Awaited<ReturnType<typeof upsertSections>>;

/** Every section's part of the snapshot: all rows read at once, then joined to the published files. */
export async function loadSections(db: DatabaseExecutor) {
  const [releases, registrations, bulletins, validationDocs, releaseNotes, configurations, chromatof, firmware, sboms] =
    await Promise.all([
      releasesSection.load(db),
      registrationsSection.load(db),
      bulletinsSection.load(db),
      validationDocsSection.load(db),
      releaseNotesSection.load(db),
      configurationsSection.load(db),
      chromatofSection.load(db),
      firmwareSection.load(db),
      sbomsSection.load(db),
    ]);
  return (fileById: Map<string, FileRecord>) => ({
    ...releases(fileById),
    ...registrations(),
    ...bulletins(fileById),
    ...validationDocs(fileById),
    ...releaseNotes(fileById),
    ...configurations(),
    ...chromatof(fileById),
    ...firmware(fileById),
    ...sboms(fileById),
  });
}

export type SectionsSnapshot = ReturnType<Awaited<ReturnType<typeof loadSections>>>;

/**
 * For the Usage screen: what the published file `fileId` is a download of, as (product,
 * version, source), asked of each section that publishes downloads; the first answer wins:
 * the offline installer of a Cornerstone version, a PIB, a DSV, a file of a ChromaTOF
 * release. No row: none of them.
 */
export function downloadOf(fileId: SQLWrapper): SQL {
  return sql`${offlineInstallerOf(fileId)} UNION ALL ${pibOf(fileId)} UNION ALL ${dsvOf(fileId)} UNION ALL ${chromatofFileOf(fileId)} LIMIT 1`;
}

/** Nothing published yet: no version and no registration (the demo catalogue is imported on first start then). */
export async function catalogueIsEmpty(db: Database): Promise<boolean> {
  const { rows } = await db.execute<{ empty: boolean }>(
    sql`SELECT NOT ${anyVersion()} AND NOT ${anyRegistration()} AS empty`,
  );
  return rows[0]?.empty === true;
}
