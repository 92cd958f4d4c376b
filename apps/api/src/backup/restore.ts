import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { decodeKeyMaterial } from '../config/config';
import { applyMigrations } from '../db/migrate';
import { blobRootOf, type BlobStore } from '../plugins/blob-store';
import {
  ArchiveError,
  BUCKET_LIST_PART,
  filePart,
  readParts,
  SECRET_KEY_PART,
  secretKeyCheck,
  tablePart,
  type BucketObject,
  type Manifest,
} from './archive';
import { copyInStatement, databaseIsEmpty, emptyDatabase, restoreSequences, setCopySettings } from './database-tables';

/** The secret key's file in DATA_DIR (config/secret-key.ts reads it). */
const SECRET_KEY_FILE = 'secret-key';

/**
 * What restore refuses before writing anything: a target that holds data (without --force), an
 * archive newer than this code, a key that does not match. One line for a person.
 */
export class RestoreRefused extends Error {}

/** Refuses an archive whose database is newer than the migrations this code has. */
export function checkMigrationLevel(manifest: Manifest, known: string[]) {
  if (manifest.migrationLevel > known.length) {
    throw new RestoreRefused(
      `The archive comes from a newer portal (database at migration ${manifest.migrationLevel}, ${manifest.portalSchema}; ` +
        `this portal knows ${known.length}): restore it with that version or a later one. Nothing was written.`,
    );
  }
}

/** What the archive's key would be in DATA_DIR, or undefined when it holds none (SECRET_KEY was set). */
export async function archivedSecretKey(file: string): Promise<Buffer | undefined> {
  let text: string | undefined;
  await readParts(file, async (name, stream) => {
    if (name !== SECRET_KEY_PART) return;
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    text = Buffer.concat(chunks).toString('utf8');
  });
  return text === undefined ? undefined : decodeKeyMaterial(text);
}

/**
 * The key the restored portal will use must be the one the backup was made with, or download
 * links, registration digests and the audit chain would no longer match.
 */
export function checkSecretKey(manifest: Manifest, archived: Buffer | undefined, configured: Buffer | undefined) {
  const key = configured ?? archived;
  if (!key) {
    throw new RestoreRefused(
      'The archive holds no secret key (the backed-up portal had SECRET_KEY set): set SECRET_KEY to that key and restore again. Nothing was written.',
    );
  }
  if (secretKeyCheck(key) !== manifest.secretKeyCheck) {
    throw new RestoreRefused(
      `SECRET_KEY is not the key the backed-up portal used: ${archived ? 'unset it to use the archive’s key' : 'set it to that key'}, or download links and the audit log would no longer match. Nothing was written.`,
    );
  }
}

/** With a bucket: every object the archive lists must be there with its size (the bytes are the bucket's to keep). */
export async function checkBucket(file: string, manifest: Manifest, store: BlobStore) {
  if (manifest.files !== 'bucket') return;
  let listed: BucketObject[] = [];
  await readParts(file, async (name, stream) => {
    if (name !== BUCKET_LIST_PART) return;
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    listed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as BucketObject[];
  });
  const present = new Map<string, number>();
  for await (const blob of store.list()) present.set(blob.key, blob.size);
  const missing = listed.filter((object) => present.get(object.key) !== object.size);
  if (missing.length > 0) {
    const first = missing[0]!;
    throw new RestoreRefused(
      `The bucket lacks ${missing.length} of the archive's ${listed.length} files (first: ${first.key}, ${first.size} bytes${present.has(first.key) ? `; the bucket has ${present.get(first.key)}` : ''}): ` +
        'restore the bucket (versioning, replication) first. Nothing was written.',
    );
  }
}

/** Whether DATA_DIR already holds a portal's things: a database cluster, a secret key or published files. */
export async function dataDirHolds(dataDir: string, { embedded }: { embedded: boolean }): Promise<string[]> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  const held: string[] = [];
  if (embedded && names.includes('pg')) held.push('a database (pg/)');
  if (names.includes(SECRET_KEY_FILE)) held.push('a secret key');
  const files = await readdir(blobRootOf(dataDir)).catch(() => [] as string[]);
  if (files.length > 0) held.push('published files (files/)');
  return held;
}

export async function externalDatabaseIsEmpty(pool: pg.Pool): Promise<boolean> {
  const client = await pool.connect();
  try {
    return await databaseIsEmpty(client);
  } finally {
    client.release();
  }
}

/** Writes the archive's key where the portal reads it, before anything opens DATA_DIR's key. */
export async function writeSecretKey(dataDir: string, key: Buffer) {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  const temporary = `${file}.incoming-${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, `${key.toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, file);
}

/**
 * Loads a verified archive: the schema as it was at the archive's migration level, every table
 * by COPY … FROM STDIN in one transaction, the sequences, then the newer migrations; the files
 * into DATA_DIR/files. The audit log's triggers refuse UPDATE, DELETE and TRUNCATE, not INSERT,
 * so its rows load as they are.
 */
export async function loadArchive(
  file: string,
  manifest: Manifest,
  {
    pool,
    dataDir,
    migrationsDir,
    force,
    progress = () => {},
  }: {
    pool: pg.Pool;
    dataDir: string;
    migrationsDir: string;
    force: boolean;
    progress?: (line: string) => void;
  },
): Promise<{ laterMigrations: number }> {
  const client = await pool.connect();
  try {
    if (!(await databaseIsEmpty(client))) {
      if (!force) {
        throw new RestoreRefused(
          'The database is not empty: restore into an empty one, or add --force to replace it. Nothing was written.',
        );
      }
      await emptyDatabase(client);
    }
  } finally {
    client.release();
  }
  const archiveLevel = await migrationsUpTo(migrationsDir, manifest.migrationLevel);
  try {
    await applyMigrations(pool, archiveLevel);
  } finally {
    await rm(archiveLevel, { recursive: true, force: true });
  }

  const tables = new Map(manifest.tables.map((table) => [tablePart(table.name), table]));
  const filesRoot = blobRootOf(dataDir);
  const client2 = await pool.connect();
  try {
    await client2.query('BEGIN');
    await setCopySettings(client2);
    let files = 0;
    await readParts(file, async (name: string, stream: Readable) => {
      const table = tables.get(name);
      if (table) {
        await pipeline(stream, client2.query(copyFrom(copyInStatement(client2, table))));
        progress(`  ${table.name}: ${table.rows} rows`);
        return;
      }
      if (name.startsWith('files/') && manifest.files === 'archive') {
        const key = name.slice('files/'.length);
        if (filePart(key) !== name || !/^[0-9a-f]{2}\/[0-9a-f]{64}$/.test(key)) return;
        const target = path.join(filesRoot, key);
        await mkdir(path.dirname(target), { recursive: true });
        const temporary = path.join(path.dirname(target), `.incoming-${randomBytes(8).toString('hex')}`);
        await pipeline(stream, createWriteStream(temporary, { flags: 'wx' }));
        await rename(temporary, target);
        files++;
        if (files % 10 === 0 || files === manifest.fileCount) progress(`  files: ${files} of ${manifest.fileCount}`);
      }
    });
    await restoreSequences(client2, manifest.sequences);
    await client2.query('COMMIT');
  } catch (error) {
    await client2.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client2.release();
  }
  const { applied } = await applyMigrations(pool, migrationsDir);
  return { laterMigrations: applied };
}

/** A copy of the migrations folder that stops at `level`: drizzle applies what its journal lists. */
async function migrationsUpTo(migrationsDir: string, level: number): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-restore-migrations-'));
  await cp(migrationsDir, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, level);
  await writeFile(journalFile, JSON.stringify(journal));
  return folder;
}

export { ArchiveError };
