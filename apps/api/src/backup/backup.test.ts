import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type Versions } from '@portal/contracts';
import { extract, pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config/config';
import { resolveSecretKey } from '../config/secret-key';
import { DEMO_CATALOGUE_DIR, MIGRATIONS_DIR } from '../paths';
import { appendAudit, auditChainKey } from '../plugins/audit-log-chain';
import { verifyArchive, type ArchivedPart, type Manifest } from './archive';
import { blobStoreFor, type BlobStore } from '../plugins/blob-store';
import { DEMO, importFolder } from '../../test/demo-portal';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { makeDataDir, portalCommand, removeDataDir } from '../../../../test-kit/portal-process';

interface Portal {
  app: App;
  database: TestDatabase;
  dataDir: string;
  blobStore: BlobStore;
  secretKey: Buffer;
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A portal on `database` and `dataDir` with the key DATA_DIR holds, as `npm start` would open them. */
async function openPortal(database: TestDatabase, dataDir: string, extraEnv: Record<string, string> = {}) {
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url.toString(), ...extraEnv };
  const config = loadConfig(env);
  const secretKey = await resolveSecretKey(undefined, dataDir);
  const blobStore = await blobStoreFor(config);
  const app = await buildApp({ config, db: database.db, pool: database.pool, secretKey, blobStore });
  app.log.level = 'silent';
  return {
    app,
    database,
    dataDir,
    blobStore,
    secretKey,
    env,
    close: async () => {
      await app.close();
      blobStore.close?.();
      await database.drop();
      await removeDataDir(dataDir);
    },
  } satisfies Portal;
}

const lookup = (portal: Portal, url: string, authorization: string = DEMO.CS) =>
  portal.app.inject({ method: 'GET', url, headers: { authorization }, remoteAddress: '192.0.2.10' });

async function sha256Of(body: Buffer | string) {
  return createHash('sha256').update(body).digest('hex');
}

/** The demo catalogue, one extra published file, audit rows and download records: what a backup must carry. */
async function fillPortal(portal: Portal) {
  await importFolder(DEMO_CATALOGUE_DIR, {
    db: portal.database.db,
    secretKey: portal.secretKey,
    blobStore: portal.blobStore,
  });
  const chainKey = auditChainKey(portal.secretKey);
  for (let i = 1; i <= 5; i++) {
    await appendAudit(portal.database.db, chainKey, {
      actorEmail: 'staff@example.com',
      action: `backup test ${i}`,
      outcome: 'issued',
      registrationDigest: null,
      requestId: `req-${i}`,
      clientAddress: '192.0.2.0',
      subjectDigest: null,
      detail: `step ${i}: tab\there, newline\nthere, backslash \\ and "quotes", ünïcode`,
    });
  }
  // Download records through the portal itself, as clients make them.
  const link = (await lookup(portal, '/v1/Cornerstone/versions')).json<Versions>()['2.8.1']!.offlineInstaller!;
  for (let i = 0; i < 3; i++) {
    expect(
      (
        await portal.app.inject({
          method: 'GET',
          url: new URL(link, 'http://portal.test').pathname + new URL(link, 'http://portal.test').search,
        })
      ).statusCode,
    ).toBe(200);
  }
  await portal.app.close().catch(() => {}); // flushes the batched download records
}

let source: Portal;
let archive: string;
let work: string;
beforeAll(async () => {
  work = await makeDataDir('portal-backup-work-');
  const dataDir = await makeDataDir();
  await writeFile(path.join(dataDir, 'secret-key'), `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  const filled = await openPortal(await createTestDatabase(), dataDir);
  await fillPortal(filled);
  // The same database and folder, served again (the first app was closed to flush its records).
  source = await openPortal(filled.database, dataDir);
  archive = path.join(work, 'portal.backup');
});
afterAll(async () => {
  await source.close();
  await rm(work, { recursive: true, force: true });
});

// The tests after the first read the archive it writes: they run in order, as Vitest runs a file's tests.
describe('backup and restore', () => {
  let restored: Portal;
  afterAll(() => restored?.close());

  it('backs up while the portal serves, and a restore into an empty place serves the same catalogue, links and audit log', async () => {
    let serving = true;
    let served = 0;
    const load = (async () => {
      while (serving) {
        expect((await lookup(source, '/v1/Cornerstone/versions')).statusCode).toBe(200);
        served++;
        // inject() resolves without a turn of the event loop: let the command's output and exit in.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const backup = await portalCommand(['backup', archive], source.env);
    serving = false;
    await load;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(served).toBeGreaterThan(0);
    expect(backup.stdout).toMatch(
      /^Backed up to .*portal\.backup: \d+ tables, \d+ rows, \d+ files, .* in [\d.]+ s; it holds the secret key: keep it like one\n$/,
    );
    expect((await stat(archive)).mode & 0o777).toBe(0o600);
    expect((await readdir(work)).filter((name) => name.includes('partial'))).toEqual([]);

    const target = await createTestDatabase({ migrated: false });
    const dataDir = await makeDataDir();
    const restore = await portalCommand(['restore', archive], {
      DATA_DIR: dataDir,
      DATABASE_URL: target.url.toString(),
    });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toMatch(/^Restored .*: \d+ tables, \d+ rows, \d+ files in [\d.]+ s\n$/);
    restored = await openPortal(target, dataDir);
    expect(restored.secretKey.equals(source.secretKey)).toBe(true);

    // The same answers for the same registrations, links included (same key, same file IDs).
    // Links are signed for the minute they are answered in: both portals answer in one minute,
    // the clock held still, or a minute turning between two answers would tell them apart.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      for (const authorization of [DEMO.CS, DEMO.ONH, DEMO.DEV]) {
        const before = await lookup(source, '/v1/Cornerstone/versions', authorization);
        const after = await lookup(restored, '/v1/Cornerstone/versions', authorization);
        expect(after.statusCode).toBe(before.statusCode);
        expect(after.json()).toEqual(before.json());
      }
    } finally {
      vi.useRealTimers();
    }
    // Every link the source handed out downloads the same bytes from the restored portal.
    const versions = (await lookup(source, '/v1/Cornerstone/versions')).json<Versions>();
    const links = Object.values(versions).flatMap((version) =>
      version.offlineInstaller ? [version.offlineInstaller] : [],
    );
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) {
      const url = new URL(link, 'http://portal.test');
      const original = await source.app.inject({ method: 'GET', url: url.pathname + url.search });
      const copy = await restored.app.inject({ method: 'GET', url: url.pathname + url.search });
      expect(copy.statusCode).toBe(200);
      expect(await sha256Of(copy.rawPayload)).toBe(await sha256Of(original.rawPayload));
    }
    // The same rows, download records and audit log included; new rows get new ids.
    const counts = async (portal: Portal) =>
      (
        await portal.database.pool.query<{ audit: number; downloads: number; files: number }>(
          `SELECT (SELECT count(*)::int FROM audit_log) AS audit, (SELECT count(*)::int FROM downloads) AS downloads,
                  (SELECT count(*)::int FROM files) AS files`,
        )
      ).rows[0];
    expect(await counts(restored)).toEqual(await counts(source));
    expect((await counts(restored))!.downloads).toBeGreaterThanOrEqual(3);
    const audit = await portalCommand(['audit', 'verify'], restored.env);
    // The demo catalogue's import (actor cli, docs/publishing.md#the-history) and the five rows fillPortal added.
    expect(audit.stdout).toContain('The audit log is intact: 6 rows');
    expect(audit.code).toBe(0);
    await appendAudit(restored.database.db, auditChainKey(restored.secretKey), {
      actorEmail: 'staff@example.com',
      action: 'after restore',
      outcome: 'issued',
      registrationDigest: null,
      requestId: 'req-after',
      clientAddress: '192.0.2.0',
      subjectDigest: null,
      detail: null,
    });
    expect((await portalCommand(['audit', 'verify'], restored.env)).stdout).toContain('intact: 7 rows');
  });

  it('refuses a target that holds data without --force, and replaces it with --force', async () => {
    const refused = await portalCommand(['restore', archive], restored.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^DATA_DIR .* already holds a secret key, published files \(files\/\): restore into an empty one, or add --force to replace it\. Nothing was written\.$/,
    );

    const forced = await portalCommand(['restore', archive, '--force'], restored.env);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect((await portalCommand(['audit', 'verify'], restored.env)).stdout).toContain('intact: 6 rows');
  });

  it('restores an archive of an older portal at its own migration level, then applies the newer migrations', async () => {
    // The archive as the portal before the newest migrations made it (back to one that adds a
    // table or a column): without the tables they create and the columns they add.
    const older = path.join(work, 'older.backup');
    const newest = await newestMigrationChanges();
    expect(newest.tables.length + newest.columns.length).toBeGreaterThan(0);
    const parts = newest.tables.map((table) => `database/${table}.copy`);
    await rewriteArchive(archive, older, {
      leaveOut: parts,
      part: (name, body, manifest) => {
        const table = manifest.tables.find((candidate) => `database/${candidate.name}.copy` === name);
        const added = newest.columns.filter((column) => column.table === table?.name);
        return table && added.length > 0 ? withoutColumns(body, table.columns, added) : body;
      },
      manifest: (manifest, rewritten) => ({
        ...manifest,
        migrationLevel: (manifest.migrationLevel as number) - newest.count,
        tables: (manifest.tables as Array<{ name: string; columns: string[] }>)
          .filter((table) => !newest.tables.includes(table.name))
          .map((table) => ({
            ...table,
            columns: table.columns.filter(
              (column) => !newest.columns.some((added) => added.table === table.name && added.column === column),
            ),
          })),
        parts: (manifest.parts as Array<{ name: string }>)
          .filter((entry) => !parts.includes(entry.name))
          .map((entry) => rewritten.get(entry.name) ?? entry),
        // A table's own sequences (an identity column's) go with it.
        sequences: (manifest.sequences as Array<{ name: string }>).filter(
          (sequence) => !newest.tables.some((table) => sequence.name.startsWith(`${table}_`)),
        ),
      }),
    });
    const target = await createTestDatabase({ migrated: false });
    const dataDir = await makeDataDir();
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: target.url.toString() };
      const restore = await portalCommand(['restore', older], env);
      expect(restore.stderr).toBe('');
      expect(restore.stdout).toMatch(new RegExp(`, then ${newest.count} newer migrations? in `));
      const { rows } = await target.pool.query<{ count: number }>(
        `SELECT (SELECT count(*)::int FROM drizzle.__drizzle_migrations) AS count`,
      );
      const { rows: known } = await source.database.pool.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations',
      );
      expect(rows[0]!.count).toBe(known[0]!.count);
      for (const table of newest.tables) expect((await target.pool.query(`SELECT * FROM ${table}`)).rowCount).toBe(0);
      for (const { table, column } of newest.columns) {
        const { rows: filled } = await target.pool.query(`SELECT 1 FROM ${table} WHERE ${column} IS NOT NULL`);
        expect(filled).toEqual([]);
      }
      expect((await portalCommand(['audit', 'verify'], env)).stdout).toContain('intact: 6 rows');
    } finally {
      await target.drop();
      await removeDataDir(dataDir);
    }
  });

  it('refuses a damaged, a truncated and a newer archive, and a running portal’s folder, writing nothing', async () => {
    const bytes = await readFile(archive);
    const damaged = path.join(work, 'damaged.backup');
    const copy = Buffer.from(bytes);
    copy[Math.floor(copy.length / 2)]! ^= 0xff;
    await writeFile(damaged, copy);
    const truncated = path.join(work, 'truncated.backup');
    await writeFile(truncated, bytes.subarray(0, Math.floor(bytes.length * 0.7)));
    const newer = path.join(work, 'newer.backup');
    await rewriteManifest(archive, newer, (manifest) => ({
      ...manifest,
      migrationLevel: 99,
      portalSchema: '0098_future',
    }));

    const target = await createTestDatabase({ migrated: false });
    const dataDir = await makeDataDir();
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: target.url.toString() };
      const damagedRun = await portalCommand(['restore', damaged], env);
      expect(damagedRun.code).toBe(1);
      expect(damagedRun.stderr.trim().split('\n')).toHaveLength(1);
      expect(damagedRun.stderr).toMatch(/damaged\.backup is (damaged|not a complete portal backup)/);
      const truncatedRun = await portalCommand(['restore', truncated], env);
      expect(truncatedRun.code).toBe(1);
      expect(truncatedRun.stderr.trim()).toMatch(
        /truncated\.backup is (damaged or incomplete|not a complete portal backup)/,
      );
      const newerRun = await portalCommand(['restore', newer], env);
      expect(newerRun.code).toBe(1);
      expect(newerRun.stderr.trim()).toMatch(
        /^The archive comes from a newer portal \(database at migration 99, 0098_future; this portal knows \d+\)/,
      );
      // A portal runs on the folder (this test process stands in for it).
      await writeFile(path.join(dataDir, 'portal.pid'), `${process.pid}\n`);
      const running = await portalCommand(['restore', archive], env);
      expect(running.code).toBe(1);
      expect(running.stderr.trim()).toMatch(/^Another portal \(process \d+\) is already running on DATA_DIR/);
      await rm(path.join(dataDir, 'portal.pid'));

      expect(await readdir(dataDir)).toEqual([]);
      const tables = await target.pool.query(`SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'drizzle')`);
      expect(tables.rowCount).toBe(0);
    } finally {
      await target.drop();
      await removeDataDir(dataDir);
    }
  });
});

describe('backup and restore with a bucket', () => {
  let s3: S3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3?.close());

  it('lists the bucket’s objects with size and SHA-256, and a restore checks they are all there', async () => {
    const dataDir = await makeDataDir();
    const portal = await openPortal(await createTestDatabase(), dataDir, s3.env);
    try {
      await importFolder(DEMO_CATALOGUE_DIR, {
        db: portal.database.db,
        secretKey: portal.secretKey,
        blobStore: portal.blobStore,
      });
      const file = path.join(work, 'bucket.backup');
      const backup = await portalCommand(['backup', file], portal.env);
      expect(backup.code).toBe(0);
      expect(backup.stdout).toMatch(/\d+ files listed \(in the bucket\)/);
      const listed = JSON.parse((await readPart(file, 'bucket-objects.json')).toString('utf8')) as Array<{
        key: string;
        size: number;
        sha256: string;
      }>;
      const stored = [];
      for await (const blob of portal.blobStore.list()) stored.push({ key: blob.key, size: blob.size });
      expect(listed.map(({ key, size }) => ({ key, size })).sort((a, b) => a.key.localeCompare(b.key))).toEqual(
        stored.sort((a, b) => a.key.localeCompare(b.key)),
      );
      expect(listed.every((object) => object.key.endsWith(object.sha256))).toBe(true);
      expect(await readPart(file, 'files/' + listed[0]!.key).catch(() => undefined)).toBeUndefined();

      // One object gone from the bucket: the restore says which, and writes nothing.
      await portal.blobStore.remove(listed[0]!.key);
      const target = await createTestDatabase({ migrated: false });
      const restoreDir = await makeDataDir();
      try {
        const env = { ...s3.env, DATA_DIR: restoreDir, DATABASE_URL: target.url.toString() };
        const refused = await portalCommand(['restore', file], env);
        expect(refused.code).toBe(1);
        // The AWS SDK may warn about the Node version first: the command's own line is the last.
        expect(refused.stderr.trim().split('\n').at(-1)).toMatch(
          new RegExp(
            `^The bucket lacks 1 of the archive's ${listed.length} files \\(first: ${listed[0]!.key}, \\d+ bytes\\)`,
          ),
        );
        expect(await readdir(restoreDir)).toEqual([]);

        const blob = path.join(work, 'blob');
        await writeFile(blob, await readDemoBlob(listed[0]!.sha256));
        await portal.blobStore.put(blob, listed[0]!.key);
        const restored = await portalCommand(['restore', file], env);
        expect(restored.code).toBe(0);
        expect(restored.stdout).toMatch(/files checked in the bucket/);
      } finally {
        await target.drop();
        await removeDataDir(restoreDir);
      }
    } finally {
      await portal.close();
    }
  });
});

/** One part of an archive, by name; rejects when it has none. */
async function readPart(file: string, name: string): Promise<Buffer> {
  let found: Buffer | undefined;
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (data: unknown) => {
      if (header.name === name) chunks.push(data as Buffer);
    });
    stream.on('end', () => {
      if (header.name === name) found = Buffer.concat(chunks);
      next();
    });
  });
  await pipeline(createReadStream(file), reader);
  if (!found) throw new Error(`${name} is not in ${file}`);
  return found;
}

/** The demo catalogue's file whose content has this SHA-256. */
async function readDemoBlob(sha256: string): Promise<Buffer> {
  for (const entry of await readdir(DEMO_CATALOGUE_DIR, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const content = await readFile(path.join(entry.parentPath, entry.name));
    if ((await sha256Of(content)) === sha256) return content;
  }
  throw new Error(`no demo file has SHA-256 ${sha256}`);
}

/** What the newest migration adds, from its SQL: the tables it creates and the columns it adds. */
/**
 * What the newest migrations add, back to the newest one that creates a table or adds a column
 * (a migration of indexes alone leaves an archive's parts as they were): how many migrations
 * that is, and their tables and columns.
 */
async function newestMigrationChanges(): Promise<{
  count: number;
  tables: string[];
  columns: Array<{ table: string; column: string }>;
}> {
  const names = (await readdir(MIGRATIONS_DIR)).filter((name) => name.endsWith('.sql')).sort();
  const changes = { count: 0, tables: [] as string[], columns: [] as Array<{ table: string; column: string }> };
  for (const name of names.reverse()) {
    const sql = await readFile(path.join(MIGRATIONS_DIR, name), 'utf8');
    changes.count += 1;
    changes.tables.push(...[...sql.matchAll(/CREATE TABLE "(\w+)"/g)].map((match) => match[1]!));
    changes.columns.push(
      ...[...sql.matchAll(/ALTER TABLE "(\w+)" ADD COLUMN "(\w+)"/g)].map((match) => ({
        table: match[1]!,
        column: match[2]!,
      })),
    );
    if (changes.tables.length + changes.columns.length > 0) return changes;
  }
  return changes;
}

/** A table's COPY text without the `added` columns (COPY text: one row a line, tab between fields). */
function withoutColumns(body: Buffer, columns: string[], added: Array<{ column: string }>): Buffer {
  const dropped = new Set(added.map((column) => columns.indexOf(column.column)));
  const lines = body.toString('utf8').split('\n');
  return Buffer.from(
    lines
      .map((line) =>
        line === ''
          ? line
          : line
              .split('\t')
              .filter((_, index) => !dropped.has(index))
              .join('\t'),
      )
      .join('\n'),
  );
}

function rewriteManifest(
  file: string,
  target: string,
  change: (manifest: Record<string, unknown>) => Record<string, unknown>,
) {
  return rewriteArchive(file, target, { manifest: change });
}

/**
 * A copy of `file` without the `leaveOut` parts, each other part passed through `part`, and
 * the manifest passed through `manifest` with the new size and SHA-256 of each part changed.
 */
async function rewriteArchive(
  file: string,
  target: string,
  change: {
    leaveOut?: string[];
    part?: (name: string, body: Buffer, manifest: Manifest) => Buffer;
    manifest: (manifest: Record<string, unknown>, rewritten: Map<string, ArchivedPart>) => Record<string, unknown>;
  },
) {
  const archived = await verifyArchive(file);
  const rewritten = new Map<string, ArchivedPart>();
  const out = pack();
  const written = pipeline(out, createWriteStream(target));
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (data: unknown) => chunks.push(data as Buffer));
    stream.on('end', () => {
      if (change.leaveOut?.includes(header.name)) return next();
      let body: Buffer = Buffer.concat(chunks);
      if (header.name === 'manifest.json') {
        body = Buffer.from(
          JSON.stringify(change.manifest(JSON.parse(body.toString('utf8')) as Record<string, unknown>, rewritten)),
        );
      } else if (change.part) {
        const original = body;
        body = change.part(header.name, body, archived);
        if (body !== original) {
          rewritten.set(header.name, {
            name: header.name,
            bytes: body.length,
            sha256: createHash('sha256').update(body).digest('hex'),
          });
        }
      }
      out.entry({ name: header.name, size: body.length }, body, () => next());
    });
  });
  await pipeline(createReadStream(file), reader);
  out.finalize();
  await written;
}
