import { createHash, createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { extract } from 'tar-stream';

/**
 * One backup is one tar archive (docs/decisions/130-backup-archive.md): the database's tables
 * as PostgreSQL COPY text, DATA_DIR's secret key, the published files (or, with a bucket,
 * their list), and manifest.json last, which names every other part with its SHA-256.
 */
export const ARCHIVE_FORMAT = 1;
export const MANIFEST_NAME = 'manifest.json';
export const SECRET_KEY_PART = 'secret-key';
export const BUCKET_LIST_PART = 'bucket-objects.json';
export const tablePart = (table: string) => `database/${table}.copy`;
export const filePart = (blobKey: string) => `files/${blobKey}`;

export interface ArchivedTable {
  name: string;
  /** The columns in the order of the COPY text (generated columns are not copied). */
  columns: string[];
  rows: number;
}

export interface ArchivedSequence {
  name: string;
  lastValue: string;
  isCalled: boolean;
}

export interface ArchivedPart {
  name: string;
  bytes: number;
  sha256: string;
}

/** An object of the bucket as the backup saw it; its key is its content's SHA-256 (blobKeyFor). */
export interface BucketObject {
  key: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  createdAt: string;
  /** The newest migration the backed-up portal's code knew, as `NNNN_name`: the portal's version for its data. */
  portalSchema: string;
  /** How many of drizzle's migrations the database had applied: restore loads at this level. */
  migrationLevel: number;
  /** Tables in load order: a referenced table before the tables that reference it. */
  tables: ArchivedTable[];
  sequences: ArchivedSequence[];
  /** Whether the archive holds DATA_DIR's secret key (not when SECRET_KEY came from the environment). */
  holdsSecretKey: boolean;
  /** A keyed digest of the portal's key: restore checks the key it will use against it, never the key itself. */
  secretKeyCheck: string;
  /** Where the published files were: in the archive, or in a bucket (listed in BUCKET_LIST_PART). */
  files: 'archive' | 'bucket';
  fileCount: number;
  fileBytes: number;
  parts: ArchivedPart[];
}

/** A problem with the archive itself; its message is the one line a person reads. */
export class ArchiveError extends Error {}

/** Identifies a key without revealing it: restore compares this, so a different SECRET_KEY is refused. */
export function secretKeyCheck(secretKey: Buffer): string {
  return createHmac('sha256', secretKey).update('portal backup: secret key check').digest('hex').slice(0, 32);
}

/** The migrations this code has, in order (drizzle's journal). */
export async function knownMigrations(migrationsDir: string): Promise<string[]> {
  const journal = JSON.parse(await readFile(path.join(migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  return journal.entries.map((entry) => entry.tag);
}

/**
 * Reads the archive once, hashing every part, and checks each against the manifest: nothing
 * is written anywhere. A damaged, truncated or foreign file is an ArchiveError.
 */
export async function verifyArchive(file: string): Promise<Manifest> {
  const seen = new Map<string, ArchivedPart>();
  let manifestText: string | undefined;
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const hash = createHash('sha256');
    const chunks: Buffer[] = [];
    let bytes = 0;
    stream.on('data', (data: unknown) => {
      const chunk = data as Buffer;
      hash.update(chunk);
      bytes += chunk.length;
      if (header.name === MANIFEST_NAME) chunks.push(chunk);
    });
    stream.on('end', () => {
      if (header.name === MANIFEST_NAME) manifestText = Buffer.concat(chunks).toString('utf8');
      else seen.set(header.name, { name: header.name, bytes, sha256: hash.digest('hex') });
      next();
    });
    stream.on('error', next);
  });
  try {
    await pipeline(createReadStream(file), reader);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') {
      throw new ArchiveError(`Cannot read ${file}: ${(error as Error).message}`);
    }
    throw new ArchiveError(`${file} is damaged or incomplete (${(error as Error).message}); nothing was restored.`);
  }
  if (manifestText === undefined) {
    throw new ArchiveError(`${file} is not a complete portal backup (it has no manifest); nothing was restored.`);
  }
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new ArchiveError(`${file} has a damaged manifest; nothing was restored.`);
  }
  if (manifest.format !== ARCHIVE_FORMAT || !Array.isArray(manifest.parts)) {
    throw new ArchiveError(`${file} is not a portal backup this portal can read (format ${String(manifest.format)}).`);
  }
  for (const part of manifest.parts) {
    const found = seen.get(part.name);
    if (!found) throw new ArchiveError(`${file} is incomplete: ${part.name} is missing; nothing was restored.`);
    if (found.sha256 !== part.sha256 || found.bytes !== part.bytes) {
      throw new ArchiveError(`${file} is damaged: ${part.name} does not match its SHA-256; nothing was restored.`);
    }
    seen.delete(part.name);
  }
  const extra = seen.keys().next();
  if (!extra.done) throw new ArchiveError(`${file} holds ${extra.value}, which its manifest does not name.`);
  return manifest;
}

/** Reads the archive again, handing each part's stream to `onPart` in archive order (after verifyArchive). */
export async function readParts(file: string, onPart: (name: string, stream: Readable) => Promise<void>) {
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    let ended = false;
    stream.on('end', () => (ended = true));
    // tar-stream's entries are streamx streams: wrapped, callers get a Node stream.
    onPart(header.name, Readable.from(stream as AsyncIterable<Buffer>, { objectMode: false })).then(
      () => {
        if (ended) return next();
        stream.on('end', () => next());
        stream.resume(); // a part the caller did not read to its end
      },
      (error: Error) => next(error),
    );
  });
  await pipeline(createReadStream(file), reader);
}
