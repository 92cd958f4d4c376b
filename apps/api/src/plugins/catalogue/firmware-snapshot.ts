import { createHash } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { FileRecord } from './catalogue-snapshot';
import { firmwareMetadata, firmwareReleases } from './firmware-tables';

export interface FirmwareReleaseRecord {
  version: string;
  instrument: string;
  releaseDate: string;
  releaseNotes: string;
  update: FileRecord;
}

/** The metadata file as it is served: the stored bytes, unchanged. */
export interface FirmwareMetadataRecord {
  sequence: number;
  bytes: Buffer;
  /** Strong ETag: the SHA-256 of the bytes. */
  etag: string;
}

export interface FirmwareSnapshot {
  /** By version name. */
  releases: Map<string, FirmwareReleaseRecord>;
  /** The latest metadata file issued; absent until firmware is first published. */
  metadata: FirmwareMetadataRecord | undefined;
}

export async function loadFirmware(db: Database, fileById: Map<string, FileRecord>): Promise<FirmwareSnapshot> {
  const [releaseRows, [latest]] = await Promise.all([
    db.select().from(firmwareReleases),
    db.select().from(firmwareMetadata).orderBy(desc(firmwareMetadata.sequence)).limit(1),
  ]);
  const metadata = latest
    ? (() => {
        const bytes = Buffer.from(latest.document, 'utf8');
        return { sequence: latest.sequence, bytes, etag: `"${createHash('sha256').update(bytes).digest('hex')}"` };
      })()
    : undefined;
  return {
    releases: new Map(
      releaseRows.flatMap((release) => {
        const update = fileById.get(release.updateFileId);
        // Files were read a moment earlier: a release published since waits for the next load (its NOTIFY).
        if (!update) return [];
        const { version, instrument, releaseDate, releaseNotes } = release;
        return [[version, { version, instrument, releaseDate, releaseNotes, update }] as const];
      }),
    ),
    metadata,
  };
}
