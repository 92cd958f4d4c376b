import {
  compareVersions,
  FIRMWARE_METADATA_VALID_DAYS,
  FIRMWARE_RELEASE_NOTES_MAX_CHARS,
  firmwareUpdatePath,
  type FirmwareMetadata,
} from '@portal/contracts';
import { eq, isNull, max, sql } from 'drizzle-orm';
import { readFile, realpath } from 'node:fs/promises';
import type { DatabaseExecutor } from '../../db/connect';
import { files, fileWithdrawals } from '../../plugins/catalogue/catalogue-tables';
import { fileInFolder, ImportError, problemOf, type CatalogueSection } from '../../plugins/catalogue/section-kit';
import { upsertEach, type Changes } from '../../plugins/catalogue/upsert';
import { loadFirmware, type FirmwareSnapshot } from './firmware-snapshot';
import { firmwareMetadata, firmwareReleases } from './firmware-tables';

export type { FirmwareMetadataRecord, FirmwareReleaseRecord, FirmwareSnapshot } from './firmware-snapshot';

/**
 * The firmware feature's section of the catalogue (plugins/catalogue/sections.ts):
 * firmware releases (docs/firmware.md), keyed by version name across every instrument, and
 * the signed metadata file every publish issues.
 */
export const firmwareSection = {
  /** Version names are unique across instruments; each release has its notes one way. */
  check(manifest, problems) {
    const seen = new Set<string>();
    for (const release of manifest.firmware ?? []) {
      const where = `firmware ${release.instrument} ${release.version}`;
      if (seen.has(release.version)) problems.add(`firmware: "${release.version}" appears twice`);
      seen.add(release.version);
      if ((release.releaseNotes === undefined) === (release.releaseNotesFile === undefined)) {
        problems.add(`${where}: give either releaseNotes or releaseNotesFile`);
      }
    }
  },

  files: (manifest) => (manifest.firmware ?? []).map((release) => release.update),

  /** The release notes of each release, by version: the text, or the text file's content. */
  async prepare(folder, manifest) {
    const root = await realpath(folder);
    const notes = new Map<string, string>();
    const problems: string[] = [];
    for (const release of manifest.firmware ?? []) {
      if (release.releaseNotesFile === undefined) {
        notes.set(release.version, release.releaseNotes ?? '');
        continue;
      }
      try {
        const { source } = await fileInFolder(root, release.releaseNotesFile);
        const text = new TextDecoder('utf-8', { fatal: true }).decode(await readFile(source));
        if (text.length > FIRMWARE_RELEASE_NOTES_MAX_CHARS) {
          throw new Error(`is longer than ${FIRMWARE_RELEASE_NOTES_MAX_CHARS} characters`);
        }
        notes.set(release.version, text);
      } catch (error) {
        problems.push(`${release.releaseNotesFile} ${problemOf(error)}`);
      }
    }
    if (problems.length > 0) throw new ImportError(problems);
    return notes;
  },

  async upsert(tx, manifest, { fileIdOf }, releaseNotes) {
    const firmware = await upsertEach(
      tx,
      firmwareReleases,
      (manifest.firmware ?? []).map((release) => ({
        version: release.version,
        instrument: release.instrument,
        releaseDate: release.releaseDate,
        releaseNotes: releaseNotes.get(release.version)!,
        updateFileId: fileIdOf(release.update),
      })),
      firmwareReleases.version,
      {
        instrument: firmwareReleases.instrument,
        releaseDate: firmwareReleases.releaseDate,
        releaseNotes: firmwareReleases.releaseNotes,
        updateFileId: firmwareReleases.updateFileId,
      },
    );
    return { firmware, firmwareMetadata: await issueFirmwareMetadata(tx, new Date()) };
  },

  async load(db) {
    const firmware = await loadFirmware(db);
    return (fileById) => ({ firmware: firmware(fileById) });
  },

  recorded: { firmware: firmwareReleases },
} satisfies CatalogueSection<
  {
    firmware: Changes;
    /** The sequence number of the firmware metadata file this publish issued; null: no firmware published yet. */
    firmwareMetadata: number | null;
  },
  { firmware: FirmwareSnapshot },
  Map<string, string>
>;

/**
 * After files were withdrawn or restored without an import (the publishing screen): a new
 * metadata file, so a device never sees a withdrawn release as latest, nor misses a restored one.
 */
export function reissueFirmwareMetadata(tx: DatabaseExecutor): Promise<number | null> {
  return issueFirmwareMetadata(tx, new Date());
}

/**
 * Issues the next firmware metadata file from every live (not withdrawn) firmware release the transaction sees,
 * so it is committed, or rolled back, with the publish. Every publish issues one (with a
 * new expiry), once any firmware has been published; answers its sequence number.
 */
async function issueFirmwareMetadata(tx: DatabaseExecutor, issuedAt: Date): Promise<number | null> {
  // Two publishes at once take turns, so sequence numbers follow commit order.
  await tx.execute(sql`LOCK TABLE firmware_metadata IN EXCLUSIVE MODE`);
  const releases = await tx
    .select({
      instrument: firmwareReleases.instrument,
      version: firmwareReleases.version,
      releaseDate: firmwareReleases.releaseDate,
      releaseNotes: firmwareReleases.releaseNotes,
      sizeBytes: files.sizeBytes,
      sha256: files.sha256,
    })
    .from(firmwareReleases)
    .innerJoin(files, eq(files.id, firmwareReleases.updateFileId))
    .leftJoin(fileWithdrawals, eq(fileWithdrawals.fileId, files.id))
    .where(isNull(fileWithdrawals.fileId));
  const [{ last }] = (await tx.select({ last: max(firmwareMetadata.sequence) }).from(firmwareMetadata)) as [
    { last: number | null },
  ];
  // Once a file was issued, one follows even with every release withdrawn: the last must not stay served.
  if (releases.length === 0 && last === null) return null;
  const sequence = Number(last ?? 0) + 1;
  const latest = new Map<string, (typeof releases)[number]>();
  for (const release of releases) {
    const current = latest.get(release.instrument);
    if (!current || compareVersions(release.version, current.version) > 0) latest.set(release.instrument, release);
  }
  const instruments = [...latest.keys()].sort();
  const document: FirmwareMetadata = {
    latestVersions: Object.fromEntries(instruments.map((instrument) => [instrument, latest.get(instrument)!.version])),
    releases: Object.fromEntries(
      instruments.map((instrument) => {
        const release = latest.get(instrument)!;
        return [
          instrument,
          {
            version: release.version,
            releaseDate: release.releaseDate,
            sizeBytes: release.sizeBytes,
            sha256: release.sha256.trim(),
            releaseNotes: release.releaseNotes,
            url: firmwareUpdatePath(release.version),
          },
        ];
      }),
    ),
    sequence,
    issuedAt: issuedAt.toISOString(),
    expires: new Date(issuedAt.getTime() + FIRMWARE_METADATA_VALID_DAYS * 86_400_000).toISOString(),
  };
  await tx.insert(firmwareMetadata).values({ sequence, document: `${JSON.stringify(document, null, 2)}\n`, issuedAt });
  return sequence;
}
