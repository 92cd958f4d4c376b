import { createHash } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import type { FileRecord } from '../../plugins/catalogue/section-kit';
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

/** The firmware part of the snapshot: read with every other section's rows, then joined to the published files. */
export async function loadFirmware(db: Database): Promise<(fileById: Map<string, FileRecord>) => FirmwareSnapshot> {
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
  return (fileById) => ({
    releases: new Map(
      releaseRows.flatMap((release) => {
        const update = fileById.get(release.updateFileId);
        // The files were read at the same time: a release published in between waits for the next load (its NOTIFY).
        if (!update) return [];
        const { version, instrument, releaseDate, releaseNotes } = release;
        return [[version, { version, instrument, releaseDate, releaseNotes, update }] as const];
      }),
    ),
    metadata,
  });
}
