import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, lstat, mkdtemp, readlink, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/src/shared/free-port';

export { freePort };

export const REPO_ROOT = path.resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/server.js');

export interface PortalProcess {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

/** Starts the production build (apps/api/dist/server.js) as `npm start` would, on a free port. */
export async function startPortal({
  dataDir,
  env = {},
  waitForReady = true,
}: { dataDir?: string; env?: Record<string, string>; waitForReady?: boolean } = {}): Promise<PortalProcess> {
  dataDir ??= await makeDataDir();
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir, PORT: port, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  if (waitForReady) {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`portal not ready within 60 s:\n${output}`)), 60_000);
      const check = () => {
        if (output.includes('Portal running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', check);
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`portal exited with ${code} before it was ready:\n${output}`));
      });
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export async function makeDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-e2e-'));
  await chmod(dir, 0o755); // the embedded server runs as an unprivileged user when we are root
  return dir;
}

/** Removes a data folder and, where postgres could not enter it, the cluster kept for it in a system folder. */
export async function removeDataDir(dataDir: string) {
  const cluster = path.join(dataDir, 'pg');
  if ((await lstat(cluster).catch(() => undefined))?.isSymbolicLink()) {
    await rm(path.dirname(await readlink(cluster)), { recursive: true, force: true });
  }
  await rm(dataDir, { recursive: true, force: true });
}
