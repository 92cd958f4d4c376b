import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { locateProgram } from '../../../scripts/system-packages.mjs';
import { waitForOutput } from '../../../test-kit/process-output';
import { freePort } from '../src/shared/free-port';

export interface RedisServer {
  url: string;
  port: number;
  /** Stops the server (SIGKILL: an outage, not a goodbye); start() brings it back on the same port, empty. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGKILL now, for a process exiting without the time to wait (a test runner's signal handler). */
  killNow(): void;
  /** Stops it for good and removes its folder. */
  close(): Promise<void>;
}

/**
 * A real redis-server of this test run's own: a free port on 127.0.0.1, a temporary folder,
 * nothing written to disk.
 */
export async function startRedisServer(): Promise<RedisServer> {
  const binary = locateProgram('redis-server');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-test-redis-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  let child: ChildProcess | undefined;

  const start = async () => {
    const started = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'no',
        '--daemonize',
        'no',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    await waitForOutput(started, 'Ready to accept connections', { name: 'redis-server', timeoutMs: 10_000 });
  };
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    start,
    killNow: () => child?.kill('SIGKILL'),
    close: async () => {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
