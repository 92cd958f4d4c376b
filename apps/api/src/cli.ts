import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { ArchiveError, knownMigrations, verifyArchive } from './backup/archive';
import { writeBackup } from './backup/backup';
import {
  archivedSecretKey,
  checkBucket,
  checkMigrationLevel,
  checkSecretKey,
  dataDirHolds,
  externalDatabaseIsEmpty,
  loadArchive,
  RestoreRefused,
  writeSecretKey,
} from './backup/restore';
import { ConfigError, loadConfig } from './config/config';
import { connectDatabase, DatabaseUnreachableError } from './db/connect';
import { ImportError, type ImportProgress } from './features/publishing/manifest-check';
import { describeSummary, importFolder } from './features/publishing/publishing';
import { parseStaffCommand, runStaffCommand, STAFF_USAGE } from './features/people/people-commands';
import { describeErasure, erasePersonalData, type ErasureRequest } from './features/privacy/privacy-erase';
import { blobStoreFor } from './plugins/blob-store';
import { auditChainKey, verifyAuditChain } from './plugins/audit-log-chain';
import { MIGRATIONS_DIR } from './paths';
import { DataDirInUseError, lockDataDir } from './runtime/data-dir-lock';
import { Cleanups, openRuntime } from './runtime/open-runtime';

const USAGE = `Usage: npm run portal -- import <folder>
       npm run portal -- audit verify
       npm run portal -- staff list | grant <email> <role>… | revoke <email> <role>… | sign-out <email>
       npm run portal -- backup <file>
       npm run portal -- restore <file> [--force]
       npm run portal -- privacy erase --email <address> | --registration <ID>

  import <folder>                Publish the catalogue.json in <folder> and the files it names
                                 (docs/publishing.md). All or nothing; importing twice changes nothing.
  audit verify                   Check the staff audit log's hash chain (docs/audit-log.md); names the
                                 first broken row and exits 1 if there is one.
${STAFF_USAGE}
                                 Staff commands (docs/staff-roles.md) are written to the audit log as \`cli\`
                                 and take effect on the person's next request, also on a running portal.
  backup <file>                  Write the database, the secret key and the published files to one
                                 archive while the portal serves (docs/operations.md#backup-and-restore).
  restore <file> [--force]       Load an archive into an empty DATA_DIR or database; --force replaces
                                 what is there. Checks the whole archive before writing anything.
  privacy erase --email <address> | --registration <ID>
                                 Remove what the portal keeps about a customer (the privacy page):
                                 --email takes an address off every list of authorized admins;
                                 --registration deletes the download records of a registration ID
                                 or key ID. One transaction and one audit row; nothing matched,
                                 nothing changed.`;

/** Files smaller than this are hashed too fast for a progress line to be worth drawing. */
const PROGRESS_FROM_BYTES = 8 << 20;

/** The portal's command line: `npm run portal -- <command> …` (scripts/portal.mjs runs this bundle). */
async function main(args: string[]) {
  const [command, folder, ...rest] = args;
  if (command === 'audit' && folder === 'verify' && rest.length === 0) return verifyAudit();
  if (command === 'staff') return staff(args.slice(1));
  if (command === 'backup' && folder && rest.length === 0) return backup(path.resolve(folder));
  if (command === 'restore' && folder && (rest.length === 0 || (rest.length === 1 && rest[0] === '--force'))) {
    return restore(path.resolve(folder), rest[0] === '--force');
  }
  if (command === 'privacy' && folder === 'erase') {
    const request = erasureRequest(rest);
    if (request) return erase(request);
  }
  if (command !== 'import' || !folder || rest.length > 0) {
    console.log(USAGE);
    return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
  }

  const config = loadConfig();
  const cleanups = new Cleanups();
  try {
    const { db, secretKey } = await openRuntime(config, { lockDataDir: 'embedded', poolMax: 2 }, cleanups);
    const blobStore = await blobStoreFor(config);
    cleanups.add(() => blobStore.close?.());
    const started = performance.now();
    const summary = await importFolder(path.resolve(folder), {
      db,
      secretKey,
      blobStore,
      progress: progressLine(),
    });
    console.log(`Imported ${path.resolve(folder)} in ${Math.round(performance.now() - started)} ms`);
    for (const line of describeSummary(summary)) console.log(`  ${line}`);
    return 0;
  } finally {
    await cleanups.run();
  }
}

/** `staff …`: a bad command, address or role is one line and exit 2, before anything is opened. */
async function staff(args: string[]) {
  const config = loadConfig();
  const parsed = parseStaffCommand(args, config);
  if (!parsed.ok) {
    console.error(parsed.message);
    return 2;
  }
  const cleanups = new Cleanups();
  try {
    const { db, secretKey } = await openRuntime(config, { lockDataDir: 'embedded', poolMax: 2 }, cleanups);
    const result = await runStaffCommand(parsed.command, { db, secretKey, config });
    for (const line of result.lines) (result.code === 0 ? console.log : console.error)(line);
    return result.code;
  } finally {
    await cleanups.run();
  }
}

/** `audit verify`: walks the chain; 0 when intact, 1 naming the first broken row. */
async function verifyAudit() {
  const config = loadConfig();
  const cleanups = new Cleanups();
  try {
    const { db, secretKey } = await openRuntime(config, { lockDataDir: 'embedded', poolMax: 2 }, cleanups);
    const result = await verifyAuditChain(db, auditChainKey(secretKey));
    if (result.kind === 'intact') {
      console.log(`The audit log is intact: ${result.rows} rows, each following from the one before.`);
      // Kept elsewhere, the newest hash also shows a later removal of the newest rows.
      console.log(`Newest row hash: ${result.headHash}`);
      return 0;
    }
    console.error(`The audit log is broken at row ${result.rowId}: ${result.reason}.`);
    return 1;
  } finally {
    await cleanups.run();
  }
}

/** `backup <file>`: beside a running portal (on its embedded server) or on its own. */
async function backup(target: string) {
  const config = loadConfig();
  const cleanups = new Cleanups();
  const started = performance.now();
  const progress = process.stdout.isTTY ? (line: string) => console.log(line) : undefined;
  try {
    const { pool, secretKey } = await openRuntime(config, { lockDataDir: 'embedded', poolMax: 2 }, cleanups);
    const blobStore = await blobStoreFor(config);
    cleanups.add(() => blobStore.close?.());
    const known = await knownMigrations(MIGRATIONS_DIR);
    const { manifest, bytes } = await writeBackup(target, {
      pool,
      secretKey,
      secretKeyFromEnvironment: config.secretKey !== undefined,
      dataDir: config.dataDir,
      blobStore,
      inBucket: config.s3 !== undefined,
      portalSchema: known.at(-1) ?? '',
      ...(progress ? { progress } : {}),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const files =
      manifest.files === 'bucket'
        ? `${manifest.fileCount} files listed (in the bucket)`
        : `${manifest.fileCount} files`;
    console.log(
      `Backed up to ${target}: ${manifest.tables.length} tables, ${rows} rows, ${files}, ` +
        `${formatBytes(bytes)} in ${((performance.now() - started) / 1000).toFixed(1)} s` +
        (manifest.holdsSecretKey ? '; it holds the secret key: keep it like one' : ''),
    );
    return 0;
  } finally {
    await cleanups.run();
  }
}

/** `privacy erase --email <address>` or `--registration <ID>`; undefined for anything else. */
function erasureRequest(args: string[]): ErasureRequest | undefined {
  const [option, value, ...extra] = args;
  if (!value?.trim() || extra.length > 0) return undefined;
  if (option === '--email') return { kind: 'email', email: value };
  if (option === '--registration') return { kind: 'registration', id: value };
  return undefined;
}

/** `privacy erase`: one transaction beside a running portal; prints one line saying what it removed. */
async function erase(request: ErasureRequest) {
  const config = loadConfig();
  const cleanups = new Cleanups();
  try {
    const { db, secretKey } = await openRuntime(config, { lockDataDir: 'embedded', poolMax: 2 }, cleanups);
    console.log(describeErasure(request, await erasePersonalData(db, secretKey, request)));
    return 0;
  } finally {
    await cleanups.run();
  }
}

/** `restore <file> [--force]`: checks everything first, then writes; a refusal writes nothing. */
async function restore(file: string, force: boolean) {
  const config = loadConfig();
  const started = performance.now();
  const progress = process.stdout.isTTY ? (line: string) => console.log(line) : undefined;
  const manifest = await verifyArchive(file);
  checkMigrationLevel(manifest, await knownMigrations(MIGRATIONS_DIR));
  const archivedKey = manifest.holdsSecretKey ? await archivedSecretKey(file) : undefined;
  checkSecretKey(manifest, archivedKey, config.secretKey);
  const cleanups = new Cleanups();
  try {
    const blobStore = await blobStoreFor(config);
    cleanups.add(() => blobStore.close?.());
    await checkBucket(file, manifest, blobStore);
    // A running portal holds DATA_DIR: refused here, before anything is written.
    const dataDirExisted = await mkdir(config.dataDir, { recursive: true }).then((made) => made === undefined);
    cleanups.add(lockDataDir(config.dataDir));
    const held = dataDirExisted ? await dataDirHolds(config.dataDir, { embedded: !config.databaseUrl }) : [];
    if (held.length > 0 && !force) {
      throw new RestoreRefused(
        `DATA_DIR ${config.dataDir} already holds ${held.join(', ')}: restore into an empty one, or add --force to replace it. Nothing was written.`,
      );
    }
    if (config.databaseUrl && !force) {
      const { pool } = await connectDatabase(config.databaseUrl, { max: 1 });
      const empty = await externalDatabaseIsEmpty(pool).finally(() => pool.end());
      if (!empty) {
        throw new RestoreRefused(
          'The database DATABASE_URL names is not empty: restore into an empty one, or add --force to replace it. Nothing was written.',
        );
      }
    }
    if (archivedKey && !config.secretKey) await writeSecretKey(config.dataDir, archivedKey);
    const { pool } = await openRuntime(config, { lockDataDir: 'always', poolMax: 2, migrate: false }, cleanups);
    const { laterMigrations } = await loadArchive(file, manifest, {
      pool,
      dataDir: config.dataDir,
      migrationsDir: MIGRATIONS_DIR,
      force,
      ...(progress ? { progress } : {}),
    });
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `Restored ${file} (made ${manifest.createdAt}): ${manifest.tables.length} tables, ${rows} rows, ` +
        `${manifest.fileCount} files${manifest.files === 'bucket' ? ' checked in the bucket' : ''}` +
        (laterMigrations > 0
          ? `, then ${laterMigrations} newer ${laterMigrations === 1 ? 'migration' : 'migrations'}`
          : '') +
        ` in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    return 0;
  } finally {
    await cleanups.run();
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1e6 ? `${(bytes / 1e6).toFixed(1)} MB` : `${(bytes / 1e3).toFixed(1)} kB`;
}

/**
 * One redrawn line per large file on a terminal, while it is hashed and again while it is
 * uploaded to a bucket; nothing when output goes to a file or a pipe.
 */
function progressLine(): ImportProgress | undefined {
  if (!process.stdout.isTTY) return undefined;
  const WIDTH = 30;
  let lastDrawn = '';
  const draw = (action: string, name: string, done: number, total: number) => {
    if (total < PROGRESS_FROM_BYTES) return;
    const fraction = total === 0 ? 1 : Math.min(1, done / total);
    const filled = Math.round(fraction * WIDTH);
    const line = `${action} ${name} [${'#'.repeat(filled)}${' '.repeat(WIDTH - filled)}] ${Math.floor(fraction * 100)}%`;
    if (line === lastDrawn) return;
    lastDrawn = line;
    process.stdout.write(`\r${line}${done >= total ? '\n' : ''}`);
  };
  return {
    file: (name, done, total) => draw('hashing', name, done, total),
    upload: (name, done, total) => draw('uploading', name, done, total),
  };
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError) for (const problem of error.problems) console.error(problem);
    else if (
      error instanceof ImportError ||
      error instanceof ArchiveError ||
      error instanceof RestoreRefused ||
      error instanceof DatabaseUnreachableError ||
      error instanceof DataDirInUseError
    ) {
      console.error(error.message);
    } else {
      const what =
        process.argv[2] === 'import' ? 'The import failed; the catalogue is as it was' : 'The command failed';
      console.error(`${what}: ${(error as Error).stack ?? String(error)}`);
    }
    process.exit(1);
  },
);
