import {
  releaseReferenceKey,
  SBOM_CONTENT_TYPE,
  SBOM_MAX_BYTES,
  sbomFormatName,
  type CatalogueManifest,
  type ManifestFile,
  type ReleaseReference,
} from '@portal/contracts';
import { eq, sql } from 'drizzle-orm';
import { readFile, realpath } from 'node:fs/promises';
import type { DatabaseExecutor } from '../../db/connect';
import {
  fileInFolder,
  ImportError,
  problemOf,
  type CatalogueSection,
  type FileRecord,
} from '../../plugins/catalogue/section-kit';
import { count, emptyChanges, upsert, type Changes } from '../../plugins/catalogue/upsert';
import { BoundedMap } from '../../shared/bounded-map';
import { checkSbom, sbomTooLargeProblem, type CheckedSbom, type SbomCheck } from './sbom-check';
import { releaseSboms, sbomComponents } from './sboms-tables';

/**
 * The sboms feature's section of the catalogue (plugins/catalogue/sections.ts, docs/sbom.md):
 * the SBOM a Cornerstone version, a ChromaTOF release or a firmware release carries
 * (`sbom` in catalogue.json), checked before anything is written, published as a file of
 * the release, and its components indexed in the publish's transaction.
 */

/** A release's SBOM as the manifest names it: the release, the file, and where the entry is (`versions[2].sbom`). */
export interface SbomEntry {
  reference: ReleaseReference;
  key: string;
  file: ManifestFile;
  where: string;
}

/** The SBOM's file as published: its entry's fields, with the CycloneDX media type unless it gives one. */
const publishedAs = (file: ManifestFile): ManifestFile => ({
  ...file,
  contentType: file.contentType ?? SBOM_CONTENT_TYPE,
});

/** Every SBOM the manifest names, in the order of its sections. */
export function sbomEntries(manifest: CatalogueManifest): SbomEntry[] {
  const entries: SbomEntry[] = [];
  const add = (reference: ReleaseReference, file: ManifestFile | undefined, where: string) => {
    if (file) entries.push({ reference, key: releaseReferenceKey(reference), file: publishedAs(file), where });
  };
  manifest.versions.forEach((version, index) =>
    add({ kind: 'cornerstone', version: version.name }, version.sbom, `versions[${index}].sbom`),
  );
  (manifest.chromatof?.releases ?? []).forEach((release, index) =>
    add(
      { kind: 'chromatof', product: release.product, version: release.version },
      release.sbom,
      `chromatof.releases[${index}].sbom`,
    ),
  );
  (manifest.firmware ?? []).forEach((release, index) =>
    add(
      { kind: 'firmware', instrument: release.instrument, version: release.version },
      release.sbom,
      `firmware[${index}].sbom`,
    ),
  );
  return entries;
}

/**
 * The last checks of draft files by SHA-256: a draft is checked on every read and preview,
 * and a 50,000-component SBOM takes seconds to validate.
 */
const checkedBySha256 = new BoundedMap<string, SbomCheck>(8);

/** What the check found in each SBOM, by release key (the section's `prepared`). */
export type CheckedSboms = Map<string, CheckedSbom>;

/**
 * Checks the SBOM of each entry whose bytes `read` gives (undefined: not there yet, as a
 * draft's file awaiting upload): problems as `versions[2].sbom: sbom.json is not JSON (…)`.
 * A size past SBOM_MAX_BYTES is refused before a byte is read.
 */
export async function checkSboms(
  entries: SbomEntry[],
  read: (
    entry: SbomEntry,
  ) => Promise<{ sizeBytes: number; bytes: () => Promise<Uint8Array>; sha256?: string } | undefined>,
): Promise<{ checked: CheckedSboms; problems: string[] }> {
  const checked: CheckedSboms = new Map();
  const problems: string[] = [];
  for (const entry of entries) {
    const name = entry.file.name ?? entry.file.path;
    try {
      const found = await read(entry);
      if (!found) continue;
      if (found.sizeBytes > SBOM_MAX_BYTES) {
        problems.push(`${entry.where}: ${name} ${sbomTooLargeProblem(found.sizeBytes)}`);
        continue;
      }
      // A draft's file is named by its SHA-256: its bytes never change, nor does their check.
      const cached = found.sha256 === undefined ? undefined : checkedBySha256.get(found.sha256);
      const result = cached ?? (await checkSbom(await found.bytes()));
      if (found.sha256 !== undefined) checkedBySha256.set(found.sha256, result);
      if (result.ok) checked.set(entry.key, result.sbom);
      else problems.push(`${entry.where}: ${name} ${result.problem}`);
    } catch (error) {
      problems.push(`${entry.where}: ${name} ${problemOf(error)}`);
    }
  }
  return { checked, problems };
}

/** A label of a ChromaTOF release's files that its SBOM's download takes (chromatof.ts). */
export const SBOM_DOWNLOAD_LABEL = 'Software bill of materials';

/** The SBOM of a release in the snapshot: its live file and what the check found. */
export interface SbomRecord {
  file: FileRecord;
  /** `CycloneDX 1.6`. */
  format: string;
  componentCount: number;
}

/**
 * Rows of the component index per insert, passed as one JSON parameter: a 50,000-component
 * SBOM is five statements, each one parameter, rather than thousands of bound values.
 */
const COMPONENT_BATCH = 10_000;

export const sbomsSection = {
  /** One SBOM per release (the entries are unique already); a ChromaTOF release keeps the SBOM's label free. */
  check(manifest, problems) {
    for (const release of manifest.chromatof?.releases ?? []) {
      if (release.sbom && release.files.some((entry) => entry.label === SBOM_DOWNLOAD_LABEL)) {
        problems.add(
          `chromatof release ${release.product} ${release.version}: the label "${SBOM_DOWNLOAD_LABEL}" is its SBOM's: name the file otherwise`,
        );
      }
    }
  },

  files: (manifest) => sbomEntries(manifest).map((entry) => entry.file),

  /** Each SBOM read from the folder and checked; an ImportError names every refused one. */
  async prepare(folder, manifest) {
    const root = await realpath(folder);
    const { checked, problems } = await checkSboms(sbomEntries(manifest), async (entry) => {
      const { source, sizeBytes } = await fileInFolder(root, entry.file.path);
      return { sizeBytes, bytes: () => readFile(source) };
    });
    if (problems.length > 0) throw new ImportError(problems);
    return checked;
  },

  /**
   * A release's SBOM row, and its components replaced when the SBOM is new or changed (an
   * SBOM the check did not see, a draft's awaiting upload, is left out: only a preview meets one).
   */
  async upsert(tx, manifest, { fileIdOf }, checked) {
    const sboms = emptyChanges();
    for (const entry of sbomEntries(manifest)) {
      const sbom = checked.get(entry.key);
      if (!sbom) continue;
      const outcome = await upsert(
        tx,
        releaseSboms,
        {
          releaseKey: entry.key,
          fileId: fileIdOf(entry.file),
          specVersion: sbom.specVersion,
          componentCount: sbom.components.length,
        },
        releaseSboms.releaseKey,
        {
          fileId: releaseSboms.fileId,
          specVersion: releaseSboms.specVersion,
          componentCount: releaseSboms.componentCount,
        },
      );
      count(sboms, outcome);
      if (outcome !== 'unchanged') await replaceComponents(tx, entry.key, sbom);
    }
    return { sboms };
  },

  async load(db) {
    const rows = await db.select().from(releaseSboms);
    return (fileById) => ({
      sboms: new Map<string, SbomRecord>(
        rows.flatMap((row) => {
          const file = fileById.get(row.fileId);
          return file
            ? [[row.releaseKey, { file, format: sbomFormatName(row.specVersion), componentCount: row.componentCount }]]
            : [];
        }),
      ),
    });
  },

  recorded: { sboms: releaseSboms },
} satisfies CatalogueSection<{ sboms: Changes }, { sboms: Map<string, SbomRecord> }, CheckedSboms>;

/**
 * The index's rows of one release: the old ones deleted, the SBOM's written in batches, each
 * an INSERT ... SELECT over jsonb_to_recordset of one JSON parameter. The keys are lower-cased
 * here, as the search lower-cases what it is asked (PostgreSQL's lower() depends on the
 * database's collation).
 */
export async function replaceComponents(tx: DatabaseExecutor, releaseKey: string, sbom: CheckedSbom) {
  await tx.delete(sbomComponents).where(eq(sbomComponents.releaseKey, releaseKey));
  for (let start = 0; start < sbom.components.length; start += COMPONENT_BATCH) {
    const rows = JSON.stringify(
      sbom.components.slice(start, start + COMPONENT_BATCH).map((component, offset) => ({
        p: start + offset,
        n: component.name,
        nk: component.name.toLowerCase(),
        v: component.version,
        u: component.purl,
        uk: component.purl?.toLowerCase() ?? null,
      })),
    );
    await tx.execute(
      sql`INSERT INTO ${sbomComponents} (release_key, position, name, name_key, version, purl, purl_key)
        SELECT ${releaseKey}, r.p, r.n, r.nk, r.v, r.u, r.uk
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(p integer, n text, nk text, v text, u text, uk text)`,
    );
  }
}
