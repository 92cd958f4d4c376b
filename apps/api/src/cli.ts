import path from 'node:path';
import { ConfigError, loadConfig } from './config/config';
import { DatabaseUnreachableError } from './db/connect';
import { ImportError, type ImportProgress } from './features/publishing/manifest-check';
import { describeSummary, importFolder } from './features/publishing/publishing';
import { describeErasure, erasePersonalData, type ErasureRequest } from './features/privacy/privacy-erase';
import { blobStoreFor } from './plugins/blob-store';
import { auditChainKey, verifyAuditChain } from './plugins/audit-log-chain';
import { DataDirInUseError } from './runtime/data-dir-lock';
import { Cleanups, openRuntime } from './runtime/open-runtime';

const USAGE = `Usage: npm run portal -- import <folder>
       npm run portal -- audit verify
       npm run portal -- privacy erase --email <address>
       npm run portal -- privacy erase --registration <ID>

  import <folder>   Publish the catalogue.json in <folder> and the files it names
                    (docs/publishing.md). All or nothing; importing twice changes nothing.
  audit verify      Check the staff audit log's hash chain (docs/audit-log.md); names the
                    first broken row and exits 1 if there is one.
  privacy erase     Remove what the portal keeps about a customer (the privacy page):
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
