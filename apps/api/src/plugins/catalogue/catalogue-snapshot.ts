import type { Database } from '../../db/connect';
import type { ChromatofFileKind } from '@portal/contracts';
import { loadFirmware, type FirmwareSnapshot } from './firmware-snapshot';
import {
  dsvs,
  files,
  pibs,
  productFamilies,
  registrations,
  releaseNotes,
  versionFamilies,
  versions,
} from './catalogue-tables';
import { configurations, options } from './configuration-tables';
import { chromatofReleaseFiles, chromatofReleases } from './chromatof-tables';

export interface FileRecord {
  id: string;
  blobKey: string;
  name: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  /** When the file was first published (ISO 8601). */
  publishedAt: string;
}

export interface VersionRecord {
  name: string;
  offlineInstaller: FileRecord | undefined;
  offlineInstallerBuiltAt: string | null;
  releaseDate: string | null;
  families: Set<string>;
}

export interface RegistrationRecord {
  idDigest: string;
  scheme: 'hasp' | 'rainbow';
  family: string | null;
  flags: string[];
  product: string | null;
  /** A key ID's ChromaTOF products whose releases it may download. */
  downloads: string[];
  revoked: boolean;
}

export interface PibRecord {
  product: string;
  version: string;
  internalVariant: string;
  variant: string;
  file: FileRecord;
}

export interface DsvRecord {
  key: string;
  version: string;
  file: FileRecord;
}

export interface ChromatofReleaseRecord {
  product: string;
  version: string;
  releaseDate: string | null;
  /** By label. */
  files: { label: string; kind: ChromatofFileKind; file: FileRecord }[];
}

/** The whole catalogue in memory: every lookup is answered from here, never from the database. */
export interface CatalogueSnapshot {
  families: string[];
  versions: Map<string, VersionRecord>;
  registrations: Map<string, RegistrationRecord>;
  pibs: PibRecord[];
  dsvs: Map<string, DsvRecord>;
  files: Map<string, FileRecord>;
  /** Release notes by releaseNotesKey(product, version). */
  releaseNotes: Map<string, FileRecord>;
  /** Option codes and descriptions, and the products' configurations, as published (Products & Options). */
  options: OptionRecord[];
  configurations: ConfigurationRecord[];
  chromatofReleases: ChromatofReleaseRecord[];
  firmware: FirmwareSnapshot;
}

export type OptionRecord = typeof options.$inferSelect;
export type ConfigurationRecord = typeof configurations.$inferSelect;

/** The key of snapshot.releaseNotes. */
export function releaseNotesKey(product: string, version: string): string {
  return `${product}\n${version}`;
}

export async function loadSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const [
    familyRows,
    fileRows,
    versionRows,
    availability,
    registrationRows,
    pibRows,
    dsvRows,
    releaseNoteRows,
    optionRows,
    configurationRows,
    chromatof,
  ] = await Promise.all([
    db.select().from(productFamilies),
    db.select().from(files),
    db.select().from(versions),
    db.select().from(versionFamilies),
    db.select().from(registrations),
    db.select().from(pibs),
    db.select().from(dsvs),
    db.select().from(releaseNotes),
    db.select().from(options),
    db.select().from(configurations),
    loadChromatofReleases(db),
  ]);
  const fileById = new Map<string, FileRecord>(
    fileRows.map((file) => [
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
  return {
    families: familyRows.map((family) => family.name).sort(),
    versions: versionByName,
    registrations: new Map(registrationRows.map((registration) => [registration.idDigest, registration])),
    pibs: pibRows.map((pib) => ({ ...pib, file: fileById.get(pib.fileId)! })),
    dsvs: new Map(
      dsvRows.map((dsv) => [dsv.key, { key: dsv.key, version: dsv.version, file: fileById.get(dsv.fileId)! }]),
    ),
    files: fileById,
    releaseNotes: new Map(
      releaseNoteRows.map((note) => [releaseNotesKey(note.product, note.version), fileById.get(note.fileId)!]),
    ),
    options: optionRows,
    configurations: configurationRows,
    chromatofReleases: chromatof(fileById),
    firmware: await loadFirmware(db, fileById),
  };
}

async function loadChromatofReleases(db: Database) {
  const [releaseRows, fileRows] = await Promise.all([
    db.select().from(chromatofReleases),
    db.select().from(chromatofReleaseFiles).orderBy(chromatofReleaseFiles.label),
  ]);
  return (fileById: Map<string, FileRecord>): ChromatofReleaseRecord[] => {
    const byKey = new Map(
      releaseRows.map((release) => [
        `${release.product}\n${release.version}`,
        { ...release, files: [] } as ChromatofReleaseRecord,
      ]),
    );
    for (const file of fileRows) {
      byKey
        .get(`${file.product}\n${file.version}`)
        ?.files.push({ label: file.label, kind: file.kind, file: fileById.get(file.fileId)! });
    }
    return [...byKey.values()];
  };
}
