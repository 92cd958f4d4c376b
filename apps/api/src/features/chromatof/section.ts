import type { CatalogueManifest, ChromatofFileKind } from '@portal/contracts';
import { and, eq, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CatalogueSection, FileRecord } from '../../plugins/catalogue/section-kit';
import { upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { chromatofReleaseFiles, chromatofReleases } from './chromatof-tables';

/** The chromatof feature's section of the catalogue (plugins/catalogue/sections.ts): ChromaTOF releases and their files. */

export interface ChromatofReleaseRecord {
  product: string;
  version: string;
  releaseDate: string | null;
  /** By label. */
  files: { label: string; kind: ChromatofFileKind; file: FileRecord }[];
}

const releasesOf = (manifest: CatalogueManifest) => manifest.chromatof?.releases ?? [];

/**
 * Releases by product and version, and their files by label. A release's files are the
 * ones its manifest entry lists: a label it no longer lists is removed (counted as
 * changed), as a version's families are replaced.
 */
export const chromatofSection = {
  /** One release per product and version, labels unique within a release. */
  check(manifest, problems) {
    const releases = releasesOf(manifest);
    problems.duplicates(
      'chromatof.releases',
      releases.map((release) => `${release.product} ${release.version}`),
    );
    for (const release of releases) {
      problems.duplicates(
        `chromatof release ${release.product} ${release.version}: files`,
        release.files.map((entry) => entry.label),
      );
    }
  },

  files: (manifest) => releasesOf(manifest).flatMap((release) => release.files.map((entry) => entry.file)),

  async upsert(tx, manifest, { fileIdOf }) {
    const releases = releasesOf(manifest);
    const releaseChanges = await upsertEach(
      tx,
      chromatofReleases,
      releases.map((release) => ({
        product: release.product,
        version: release.version,
        releaseDate: release.releaseDate ?? null,
      })),
      [chromatofReleases.product, chromatofReleases.version],
      { releaseDate: chromatofReleases.releaseDate },
    );
    const fileChanges = await upsertEach(
      tx,
      chromatofReleaseFiles,
      releases.flatMap((release) =>
        release.files.map((entry) => ({
          product: release.product,
          version: release.version,
          label: entry.label,
          kind: entry.kind,
          fileId: fileIdOf(entry.file),
        })),
      ),
      [chromatofReleaseFiles.product, chromatofReleaseFiles.version, chromatofReleaseFiles.label],
      { kind: chromatofReleaseFiles.kind, fileId: chromatofReleaseFiles.fileId },
    );
    for (const release of releases) {
      const removed = await tx
        .delete(chromatofReleaseFiles)
        .where(
          and(
            eq(chromatofReleaseFiles.product, release.product),
            eq(chromatofReleaseFiles.version, release.version),
            notInArray(
              chromatofReleaseFiles.label,
              release.files.map((entry) => entry.label),
            ),
          ),
        )
        .returning({ label: chromatofReleaseFiles.label });
      fileChanges.changed += removed.length;
    }
    return { chromatofReleases: releaseChanges, chromatofFiles: fileChanges };
  },

  async load(db) {
    const [releaseRows, fileRows] = await Promise.all([
      db.select().from(chromatofReleases),
      db.select().from(chromatofReleaseFiles).orderBy(chromatofReleaseFiles.label),
    ]);
    return (fileById) => {
      const byKey = new Map(
        releaseRows.map((release) => [
          `${release.product}\n${release.version}`,
          { ...release, files: [] } as ChromatofReleaseRecord,
        ]),
      );
      const withdrawnFrom = new Set<string>();
      for (const file of fileRows) {
        const key = `${file.product}\n${file.version}`;
        // fileById holds the live files: a withdrawn file leaves its release's list.
        if (!fileById.has(file.fileId)) {
          withdrawnFrom.add(key);
          continue;
        }
        byKey.get(key)?.files.push({ label: file.label, kind: file.kind, file: fileById.get(file.fileId)! });
      }
      // A release whose every file is withdrawn has nothing left to offer: it leaves the lookups too.
      for (const key of withdrawnFrom) if (byKey.get(key)?.files.length === 0) byKey.delete(key);
      return { chromatofReleases: [...byKey.values()] };
    };
  },

  recorded: { chromatofReleases, chromatofFiles: chromatofReleaseFiles },
} satisfies CatalogueSection<
  { chromatofReleases: Changes; chromatofFiles: Changes },
  { chromatofReleases: ChromatofReleaseRecord[] }
>;

/**
 * For the Usage screen: the ChromaTOF release `fileId` is a file of (installer, manual or
 * release notes), as (product, version, source), if any. Without it these downloads were 'Other'.
 */
export function chromatofFileOf(fileId: SQLWrapper): SQL {
  return sql`SELECT ${chromatofReleaseFiles.product} AS product, ${chromatofReleaseFiles.version} AS version, 'chromatof' AS source FROM ${chromatofReleaseFiles} WHERE ${chromatofReleaseFiles.fileId} = ${fileId}`;
}
