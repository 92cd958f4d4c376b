import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chmod, lstat, mkdtemp, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../apps/api/src/shared/free-port';
import { collectOutput } from './process-output';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
/** The production build of the server, as `npm start` runs it. */
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');

/**
 * Node's flags `npm start` runs the portal with (its script in package.json, their one owner):
 * an old generation that may grow by its live size before the next full collection, so an
 * upload does not keep V8 marking (docs/decisions/275-the-portal-s-old-generation-grows-by-its-live-size.md).
 */
export const SERVER_NODE_FLAGS: readonly string[] = (
  JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } }
).scripts.start
  .split(/\s+/)
  .filter((word) => word.startsWith('--'));
/** The production build of the command line (`npm run portal -- …`). */
const CLI_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/cli.js');
/** What a command of the portal's command line answered. */
export interface CommandResult {
  /** The exit code; null when it was stopped (its timeout) or could not start. */
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run portal -- …` as an operator runs it, beside a portal or not: the production build
 * (`npm test` builds first; compiling the command with tsx cost 2-9 s a run, docs/testing.md),
 * from the repository's folder, with only PATH and HOME of this process's environment and
 * `env` on top (DATA_DIR, say). Resolves with the exit code and output, never throws.
 */
export function portalCommand(
  args: readonly string[],
  env: Record<string, string>,
  { timeoutMs = 60_000 }: { timeoutMs?: number } = {},
): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI_ENTRY, ...args],
      { cwd: REPO_ROOT, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** What `npm start` prints once it serves: the pretty line and the JSON entry's `msg` alike. */
export const READY_LINE = 'Portal running at';

export interface PortalProcess {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  pid: number;
  /** Everything the process printed so far (standard output and error). */
  output(): string;
  /** Sends `signal` (SIGTERM by default), then resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** stop(), then removes the data folder. */
  close(): Promise<void>;
  exited: Promise<number | null>;
}

/**
 * Starts the production build (apps/api/dist/server.js) as `npm start` would: on a free port
 * of 127.0.0.1, in `dataDir` (a new temporary folder unless given), with only PATH and HOME
 * of this process's environment and `env` on top; Node's flags in PORTAL_NODE_FLAGS, for a
 * profile (docs/decisions/263-patch-bodies-straight-from-the-socket.md). Waits for "Portal running at" unless
 * `waitForReady` is false.
 */
export async function startPortal({
  dataDir,
  env = {},
  waitForReady = true,
}: { dataDir?: string; env?: Record<string, string>; waitForReady?: boolean } = {}): Promise<PortalProcess> {
  dataDir ??= await newDataDir();
  for (let attempt = 1; ; attempt++) {
    try {
      return await startPortalOn(dataDir, env, waitForReady);
    } catch (error) {
      // The port freePort found free was taken before the portal bound it (by an outgoing
      // connection's local port, or another test's server; seen once in CI): another port.
      // A port the test chose itself is the test's to mind.
      if (env.PORT !== undefined || attempt === 3 || !String(error).includes('EADDRINUSE')) throw error;
    }
  }
}

async function startPortalOn(
  dataDir: string,
  env: Record<string, string>,
  waitForReady: boolean,
): Promise<PortalProcess> {
  const port = Number(env.PORT ?? (await freePort()));
  // A measurement's flags for the portal alone (--cpu-prof, --trace-gc): NODE_OPTIONS refuses some, and is not passed on.
  const flags = process.env.PORTAL_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...flags, SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = collectOutput(child, 'portal');
  if (waitForReady) await output.until(READY_LINE);
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return output.exited;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    dataDir,
    child,
    pid: child.pid!,
    output: output.text,
    exited: output.exited,
    stop,
    close: async () => {
      await stop();
      await removeDataDir(dataDir);
    },
  };
}

/**
 * The data folder of a portal started once and stopped, which the browser tests' global
 * setup makes beside the shared portal: a start on a copy of it skips creating the cluster
 * and importing the demo catalogue. A test of the first start passes `makeDataDir()` itself.
 */
export const SEED_DATA_DIR_ENV = 'PORTAL_SEED_DATA_DIR';

/** A data folder for a portal of a test's own: a copy of the seed where there is one, else an empty folder. */
async function newDataDir(): Promise<string> {
  const seed = process.env[SEED_DATA_DIR_ENV];
  return seed ? copyDataDir(seed) : makeDataDir();
}

/** A new temporary DATA_DIR that the embedded PostgreSQL server can enter. */
export async function makeDataDir(prefix = 'portal-test-'): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  await chmod(dir, 0o755); // the embedded server runs as an unprivileged user when we are root
  return dir;
}

/**
 * A new temporary DATA_DIR holding a copy of `source`, the data folder of a portal that has
 * stopped: a start from it skips creating the cluster and importing the demo catalogue (about
 * 5.5 s against 2.2 s here). `cp -a`, because the cluster's files belong to the embedded
 * server's user when we are root, and must stay its own.
 */
export async function copyDataDir(source: string): Promise<string> {
  const dataDir = await makeDataDir();
  await promisify(execFile)('cp', ['-a', `${source}/.`, dataDir]);
  return dataDir;
}

/** Removes a data folder and, where postgres could not enter it, the cluster kept for it in a system folder. */
export async function removeDataDir(dataDir: string) {
  const cluster = path.join(dataDir, 'pg');
  if ((await lstat(cluster).catch(() => undefined))?.isSymbolicLink()) {
    await rm(path.dirname(await readlink(cluster)), { recursive: true, force: true });
  }
  await rm(dataDir, { recursive: true, force: true });
}

/**
 * A client on the embedded server of a running portal, found the way an operator would: its
 * port in `DATA_DIR/pg/postmaster.pid`, the password in `DATA_DIR/pg.password`. End it.
 */
export async function embeddedDatabase(dataDir: string): Promise<pg.Client> {
  const password = readFileSync(path.join(dataDir, 'pg.password'), 'utf8').trim();
  const port = postmasterLine(dataDir, 4);
  const client = new pg.Client({ host: '127.0.0.1', port: Number(port), user: 'portal', password, database: 'portal' });
  await client.connect();
  return client;
}

/** The embedded server's postmaster, as an operator finds it: line 1 of `DATA_DIR/pg/postmaster.pid`. */
export function postmasterPid(dataDir: string): number {
  return Number(postmasterLine(dataDir, 1));
}

/** Line `n` (from 1) of the embedded server's postmaster.pid: 1 its process, 4 its port. */
function postmasterLine(dataDir: string, n: number): string {
  const lines = readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return lines[n - 1]!.trim();
}
