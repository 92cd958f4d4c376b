import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { pack } from 'tar-stream';
import { blobRootOf, type BlobStore } from '../plugins/blob-store';
import {
  ARCHIVE_FORMAT,
  BUCKET_LIST_PART,
  filePart,
  MANIFEST_NAME,
  SECRET_KEY_PART,
  secretKeyCheck,
  tablePart,
  type ArchivedPart,
  type ArchivedTable,
  type BucketObject,
  type Manifest,
} from './archive';
import { copyOutStatement, sequencePositions, setCopySettings, tablesInLoadOrder } from './database-tables';

export interface BackupSource {
  pool: pg.Pool;
  secretKey: Buffer;
  /** Set when SECRET_KEY came from the environment: then the archive does not hold it. */
  secretKeyFromEnvironment: boolean;
  dataDir: string;
  blobStore: BlobStore;
  /** Whether the blobs are in a bucket (listed) or in DATA_DIR/files (copied into the archive). */
  inBucket: boolean;
  /** The newest migration tag this code knows. */
  portalSchema: string;
  /** One line per stage, for a person at a terminal. */
  progress?: (line: string) => void;
}

export interface BackupSummary {
  manifest: Manifest;
  bytes: number;
}

/**
 * Writes one archive while the portal serves: every table from one REPEATABLE READ snapshot
 * (COPY … TO STDOUT, no pg_dump needed), then the files, then the manifest; under a temporary
 * name with mode 0600, renamed into place when complete.
 */
export async function writeBackup(target: string, source: BackupSource): Promise<BackupSummary> {
  const { progress = () => {} } = source;
  const staging = await mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  const partial = path.join(
    path.dirname(target),
    `.${path.basename(target)}.partial-${randomBytes(6).toString('hex')}`,
  );
  try {
    const parts: ArchivedPart[] = [];
    const client = await source.pool.connect();
    const tables: ArchivedTable[] = [];
    let migrationLevel = 0;
    let sequences: Manifest['sequences'] = [];
    try {
      // One snapshot for every table: rows committed during the backup are either all in or all out.
      await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
      await setCopySettings(client);
      const level = await client.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      migrationLevel = level.rows[0]!.count;
      for (const table of await tablesInLoadOrder(client)) {
        const staged = path.join(staging, `${tables.length}.copy`);
        const { part, rows } = await stageStream(
          client.query(copyTo(copyOutStatement(client, table))),
          staged,
          tablePart(table.name),
        );
        parts.push(part);
        tables.push({ ...table, rows });
        progress(`  ${table.name}: ${rows} rows`);
      }
      sequences = await sequencePositions(client);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }

    // Blobs are named by their content and never change, so listing them after the snapshot
    // finds every one its rows name (and perhaps one published since, which is harmless).
    const blobs: BucketObject[] = [];
    for await (const blob of source.blobStore.list()) {
      blobs.push({ key: blob.key, size: blob.size, sha256: blob.key.slice(3) });
    }
    blobs.sort((a, b) => a.key.localeCompare(b.key));
    const fileBytes = blobs.reduce((sum, blob) => sum + blob.size, 0);

    const extraParts: Array<{ part: ArchivedPart; file: string }> = [];
    if (!source.secretKeyFromEnvironment) {
      const file = path.join(staging, 'secret-key');
      await writeFile(file, `${source.secretKey.toString('base64url')}\n`, { mode: 0o600 });
      extraParts.push({ file, part: await hashFile(file, SECRET_KEY_PART) });
    }
    if (source.inBucket) {
      const file = path.join(staging, 'bucket-objects.json');
      await writeFile(file, `${JSON.stringify(blobs, null, 1)}\n`);
      extraParts.push({ file, part: await hashFile(file, BUCKET_LIST_PART) });
    }

    const out = await open(partial, 'wx', 0o600);
    const archive = pack();
    const written = pipeline(archive, createWriteStream('', { fd: out }));
    const add = async (name: string, size: number, body: Readable) => {
      const entry = archive.entry({ name, size, mode: 0o600, mtime: new Date() });
      await pipeline(body, entry);
    };
    for (const [index, part] of parts.entries()) {
      await add(part.name, part.bytes, createReadStream(path.join(staging, `${index}.copy`)));
      await rm(path.join(staging, `${index}.copy`));
    }
    for (const { file, part } of extraParts) {
      parts.push(part);
      await add(part.name, part.bytes, createReadStream(file));
    }
    if (!source.inBucket) {
      const root = blobRootOf(source.dataDir);
      let done = 0;
      for (const blob of blobs) {
        // The blob's name is its SHA-256, checked again as it is read: a damaged blob is not archived as sound.
        const part = { name: filePart(blob.key), bytes: blob.size, sha256: blob.sha256 };
        const hash = createHash('sha256');
        await add(part.name, blob.size, createReadStream(path.join(root, blob.key)).pipe(hashing(hash)));
        const actual = hash.digest('hex');
        if (actual !== blob.sha256)
          throw new Error(`The published file ${blob.key} does not match its SHA-256 (${actual})`);
        parts.push(part);
        done++;
        if (done % 10 === 0 || done === blobs.length) progress(`  files: ${done} of ${blobs.length}`);
      }
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      createdAt: new Date().toISOString(),
      portalSchema: source.portalSchema,
      migrationLevel,
      tables,
      sequences,
      holdsSecretKey: !source.secretKeyFromEnvironment,
      secretKeyCheck: secretKeyCheck(source.secretKey),
      files: source.inBucket ? 'bucket' : 'archive',
      fileCount: blobs.length,
      fileBytes,
      parts,
    };
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 1)}\n`);
    archive.entry({ name: MANIFEST_NAME, size: manifestBytes.length, mode: 0o600, mtime: new Date() }, manifestBytes);
    archive.finalize();
    await written;
    // What was written reaches the disk before it takes the name a timer or a person trusts.
    const synced = await open(partial, 'r');
    await synced.sync();
    await synced.close();
    await rename(partial, target);
    return { manifest, bytes: (await stat(target)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Copies a COPY stream to a file, counting its rows (one line each in COPY text) and hashing it. */
async function stageStream(
  stream: Readable,
  file: string,
  name: string,
): Promise<{ part: ArchivedPart; rows: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  await pipeline(stream, counter, createWriteStream(file, { mode: 0o600 }));
  return { part: { name, bytes, sha256: hash.digest('hex') }, rows };
}

async function hashFile(file: string, name: string): Promise<ArchivedPart> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { name, bytes, sha256: hash.digest('hex') };
}

function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}
