import { and, eq, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { CatalogueSection, FileRecord } from '../../plugins/catalogue/section-kit';
import { count, emptyChanges, upsert, upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { releaseNotes, versionFamilies, versions } from './releases-tables';

/**
 * The releases feature's sections of the catalogue (plugins/catalogue/sections.ts):
 * Cornerstone versions with their offline installers, and release notes.
 */

export interface VersionRecord {
  name: string;
  offlineInstaller: FileRecord | undefined;
  offlineInstallerBuiltAt: string | null;
  releaseDate: string | null;
  families: Set<string>;
}

/** The key of snapshot.releaseNotes. */
export function releaseNotesKey(product: string, version: string): string {
  return `${product}\n${version}`;
}

/** Versions: each name once, every family known, a build time only with an installer. */
export const releasesSection = {
  check(manifest, problems) {
    problems.duplicates(
      'versions',
      manifest.versions.map((version) => version.name),
    );
    for (const version of manifest.versions) {
      for (const family of version.families) problems.knownFamily(`version ${version.name}`, family);
      if (version.offlineInstallerBuiltAt && !version.offlineInstaller) {
        problems.add(`version ${version.name}: offlineInstallerBuiltAt without an offlineInstaller`);
      }
    }
  },

  files: (manifest) =>
    manifest.versions.flatMap((version) => (version.offlineInstaller ? [version.offlineInstaller] : [])),

  async upsert(tx, manifest, { fileIdOf }) {
    const changes = emptyChanges();
    for (const version of manifest.versions) {
      let outcome = await upsert(
        tx,
        versions,
        {
          name: version.name,
          offlineInstallerFileId: version.offlineInstaller ? fileIdOf(version.offlineInstaller) : null,
          offlineInstallerBuiltAt: version.offlineInstallerBuiltAt ? new Date(version.offlineInstallerBuiltAt) : null,
          releaseDate: version.releaseDate ?? null,
        },
        versions.name,
        {
          offlineInstallerFileId: versions.offlineInstallerFileId,
          offlineInstallerBuiltAt: versions.offlineInstallerBuiltAt,
          releaseDate: versions.releaseDate,
        },
      );
      const removed = await tx
        .delete(versionFamilies)
        .where(and(eq(versionFamilies.version, version.name), notInFamilies(version.families)))
        .returning({ family: versionFamilies.family });
      const added =
        version.families.length === 0
          ? []
          : await tx
              .insert(versionFamilies)
              .values(version.families.map((family) => ({ version: version.name, family })))
              .onConflictDoNothing()
              .returning({ family: versionFamilies.family });
      // A version whose only change is its availability has changed too.
      if (outcome === 'unchanged' && removed.length + added.length > 0) outcome = 'changed';
      count(changes, outcome);
    }
    return { versions: changes };
  },

  async load(db) {
    const [versionRows, availability] = await Promise.all([
      db.select().from(versions),
      db.select().from(versionFamilies),
    ]);
    return (fileById) => {
      const versionByName = new Map<string, VersionRecord>(
        versionRows.map((version) => [
          version.name,
          {
            name: version.name,
            offlineInstaller: version.offlineInstallerFileId ? fileById.get(version.offlineInstallerFileId) : undefined,
            offlineInstallerBuiltAt: version.offlineInstallerBuiltAt?.toISOString() ?? null,
            releaseDate: version.releaseDate,
            families: new Set<string>(),
          },
        ]),
      );
      for (const { version, family } of availability) versionByName.get(version)?.families.add(family);
      return { versions: versionByName };
    };
  },

  recorded: { versions, versionFamilies },
} satisfies CatalogueSection<{ versions: Changes }, { versions: Map<string, VersionRecord> }>;

function notInFamilies(families: string[]): SQL | undefined {
  return families.length === 0 ? undefined : notInArray(versionFamilies.family, families);
}

/** Release notes: one published file per product and version. */
export const releaseNotesSection = {
  check(manifest, problems) {
    problems.duplicates(
      'releaseNotes',
      (manifest.releaseNotes ?? []).map((note) => `${note.product} ${note.version}`),
    );
  },

  files: (manifest) => (manifest.releaseNotes ?? []).map((note) => note.file),

  async upsert(tx, manifest, { fileIdOf }) {
    return {
      releaseNotes: await upsertEach(
        tx,
        releaseNotes,
        (manifest.releaseNotes ?? []).map((note) => ({
          product: note.product,
          version: note.version,
          fileId: fileIdOf(note.file),
        })),
        [releaseNotes.product, releaseNotes.version],
        { fileId: releaseNotes.fileId },
      ),
    };
  },

  async load(db) {
    const rows = await db.select().from(releaseNotes);
    return (fileById) => ({
      releaseNotes: new Map(
        rows
          // fileById holds the live files: withdrawn release notes leave the lookups.
          .filter((note) => fileById.has(note.fileId))
          .map((note) => [releaseNotesKey(note.product, note.version), fileById.get(note.fileId)!]),
      ),
    });
  },

  recorded: { releaseNotes },
} satisfies CatalogueSection<
  { releaseNotes: Changes },
  { /** Release notes by releaseNotesKey(product, version). */ releaseNotes: Map<string, FileRecord> }
>;

/** For the Usage screen: the version whose offline installer `fileId` is, as (product, version, source), if any. */
export function offlineInstallerOf(fileId: SQLWrapper): SQL {
  return sql`SELECT 'Cornerstone' AS product, ${versions.name} AS version, 'offline-installer' AS source FROM ${versions} WHERE ${versions.offlineInstallerFileId} = ${fileId}`;
}

/** Whether any version is published (the catalogue counts as empty without versions and registrations). */
export function anyVersion(): SQL {
  return sql`EXISTS (SELECT 1 FROM ${versions})`;
}
