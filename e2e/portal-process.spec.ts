import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { COMPONENTS_PATHS, PUBLISHING_PATHS, RELEASES_PATHS, type CatalogueChangeList } from '@portal/contracts';
import {
  REPO_ROOT,
  SERVER_ENTRY,
  embeddedDatabase,
  freePort,
  makeDataDir,
  portalCommand,
  postmasterPid,
  removeDataDir,
  startPortal,
} from '../test-kit/portal-process';
import { signInThroughOutbox } from '../test-kit/staff-session';

const DEMO_CATALOGUE = path.join(REPO_ROOT, 'apps/api/demo-catalogue');

// These drive the portal as a process, the way an operator meets it: no browser needed.
test.describe.configure({ mode: 'serial' });

function runServer(env: Record<string, string>, timeoutMs = 20_000) {
  const startedAt = Date.now();
  const result = spawnSync(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    encoding: 'utf8',
    timeout: timeoutMs,
  });
  return { ...result, elapsedMs: Date.now() - startedAt };
}

/** The messages of JSON log lines (the format when output is not a terminal). */
const messages = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => (JSON.parse(line) as { msg: string }).msg);

test('a bad PORT stops start-up with one line naming it, exit code 1', async () => {
  const dataDir = await makeDataDir();
  const result = runServer({ PORT: 'abc', DATA_DIR: dataDir });
  expect(result.status).toBe(1);
  expect(messages(result.stderr)).toEqual(['PORT must be an integer 1-65535, got "abc"']);
  await rm(dataDir, { recursive: true, force: true });
});

test('every bad variable gets its own line', async () => {
  const dataDir = await makeDataDir();
  const result = runServer({ PORT: '70000', PUBLIC_URL: 'ftp://x', MAKER_NAME: ' ', DATA_DIR: dataDir });
  expect(result.status).toBe(1);
  const lines = messages(result.stderr);
  expect(lines).toHaveLength(3);
  expect(lines[0]).toBe('PORT must be an integer 1-65535, got "70000"');
  expect(lines[1]).toMatch(/^PUBLIC_URL must be a URL starting with http:\/\/ or https:\/\//);
  expect(lines[2]).toMatch(/^MAKER_NAME must be 1-80 printable characters/);
  await rm(dataDir, { recursive: true, force: true });
});

test('a DATABASE_URL pointing at nothing fails within 10 s, saying the database could not be reached', async () => {
  const dataDir = await makeDataDir();
  const port = await freePort();
  const result = runServer({ DATABASE_URL: `postgres://portal:secret@127.0.0.1:${port}/portal`, DATA_DIR: dataDir });
  expect(result.status).toBe(1);
  expect(result.elapsedMs).toBeLessThan(10_000);
  expect(result.stderr).toContain('The database could not be reached at postgres://portal:***@127.0.0.1');
  expect(result.stderr).not.toContain('secret');
  await rm(dataDir, { recursive: true, force: true });
});

test('MAKER_NAME given at start time shows on prerendered pages without a rebuild', async () => {
  const portal = await startPortal({ env: { MAKER_NAME: 'Müller & Söhne <Analytik>' } });
  try {
    const html = await (await fetch(portal.url)).text();
    expect(html).toContain('<title>Müller &#38; Söhne &#60;Analytik&#62; Software</title>');
    expect(html).not.toContain('%MAKER_NAME%');
  } finally {
    await portal.stop();
    await rm(portal.dataDir, { recursive: true, force: true });
  }
});

test('a second portal on the same DATA_DIR is refused; the first keeps serving', async () => {
  const first = await startPortal();
  try {
    const second = runServer({ DATA_DIR: first.dataDir, PORT: String(await freePort()) });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(`Another portal (process ${first.child.pid}) is already running on DATA_DIR`);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  } finally {
    await first.stop();
    await rm(first.dataDir, { recursive: true, force: true });
  }
});

test('a command works beside the running portal on its embedded database, and the portal serves its change at once', async () => {
  const portal = await startPortal();
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-beside-'));
  try {
    await cp(DEMO_CATALOGUE, folder, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(folder, 'catalogue.json'), 'utf8'));
    manifest.registrations.push({ registrationId: 'BESIDE-CS-7001', family: 'CS' });
    await writeFile(path.join(folder, 'catalogue.json'), JSON.stringify(manifest));
    const lookup = () =>
      fetch(`${portal.url}/v1/Cornerstone/versions`, {
        headers: { authorization: 'Hasp id=BESIDE-CS-7001' },
      }).then((response) => response.status);
    expect(await lookup()).toBe(401);

    const command = (...args: string[]) => portalCommand(args, { DATA_DIR: portal.dataDir });
    const imported = await command('import', folder);
    expect(imported.stderr).toBe('');
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('registration and key IDs: 1 added');
    // The portal hears of the publish (LISTEN/NOTIFY) without a restart.
    await expect.poll(lookup).toBe(200);
    // Its change is in the history, with actor cli, as the command said.
    const said = /change (\d+) in the history, change set SHA-256 ([0-9a-f]{64})/.exec(imported.stdout);
    expect(said).not.toBeNull();
    const publisher = await signInThroughOutbox({
      email: 'publisher@example.com',
      requestAt: portal.url,
      dataDirs: portal.dataDir,
    });
    expect((await command('staff', 'grant', 'publisher@example.com', 'publisher')).code).toBe(0);
    const history = () =>
      fetch(`${portal.url}${PUBLISHING_PATHS.changes}`, { headers: publisher.headers }).then(async (response) =>
        response.status === 200 ? ((await response.json()) as CatalogueChangeList).changes[0] : response.status,
      );
    await expect.poll(history).toMatchObject({
      id: Number(said![1]),
      actor: 'cli',
      door: 'cli',
      digest: said![2],
      summary: { registrations: { added: 1 } },
    });
    const verified = await command('audit', 'verify');
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('The audit log is intact');
    expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
  } finally {
    await portal.stop();
    await rm(portal.dataDir, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  }
});

test('staff commands work beside the running portal: a revoked role is refused on the next request', async () => {
  const portal = await startPortal();
  try {
    const ops = await signInThroughOutbox({
      email: 'ops@example.com',
      requestAt: portal.url,
      dataDirs: portal.dataDir,
    });
    const serviceKey = () =>
      fetch(`${portal.url}/v1/Cornerstone/ServiceKey`, { headers: ops.headers }).then((response) => response.status);
    // The first sign-in gave the default role, service.
    expect(await serviceKey()).toBe(200);

    const staff = (...args: string[]) => portalCommand(['staff', ...args], { DATA_DIR: portal.dataDir });
    const revoked = await staff('revoke', 'ops@example.com', 'service');
    expect(revoked.stderr).toBe('');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toBe('Revoked service from ops@example.com: roles now none.\n');
    await expect.poll(serviceKey).toBe(403);

    const unknown = await staff('grant', 'ops@example.com', 'root');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toBe('Unknown role "root": the roles are service, publisher, security, admin.\n');
    const outside = await staff('grant', 'ops@elsewhere.example', 'service');
    expect(outside.code).toBe(2);
    expect(outside.stderr.trim().split('\n')).toHaveLength(1);

    expect((await staff('list')).stdout).toMatch(/^ops@example\.com {2}roles: none/m);
    const verified = await portalCommand(['audit', 'verify'], { DATA_DIR: portal.dataDir });
    // The demo catalogue's import (a publish), its advisory and not-affected statement (two
    // publishes), the expiring key it was given, and the revocation.
    expect(verified.stdout).toContain('The audit log is intact: 5 rows');
  } finally {
    await portal.stop();
    await rm(portal.dataDir, { recursive: true, force: true });
  }
});

test('a backup beside the serving portal on its embedded database restores into a new DATA_DIR that serves the same', async () => {
  const portal = await startPortal();
  const restoredDir = await makeDataDir();
  const archive = path.join(restoredDir, '..', `${path.basename(restoredDir)}.backup`);
  let restored: Awaited<ReturnType<typeof startPortal>> | undefined;
  try {
    const command = (dataDir: string, ...args: string[]) => portalCommand(args, { DATA_DIR: dataDir });
    const versions = (url: string) =>
      fetch(`${url}/v1/Cornerstone/versions`, { headers: { authorization: 'Hasp id=DEMO-CS-1001' } });
    // Lookups go on while the backup runs: none of them fails.
    let serving = true;
    const statuses: number[] = [];
    const load = (async () => {
      while (serving) statuses.push((await versions(portal.url)).status);
    })();
    const backup = await command(portal.dataDir, 'backup', archive);
    serving = false;
    await load;
    expect(backup.stdout, backup.stderr).toMatch(/^Backed up to .*: \d+ tables, \d+ rows, 39 files, /);
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);

    const restore = await command(restoredDir, 'restore', archive);
    expect(restore.stdout, restore.stderr).toMatch(/^Restored .*: \d+ tables, \d+ rows, 39 files in /);
    restored = await startPortal({ dataDir: restoredDir });
    // Restored, not the demo catalogue imported anew on an empty database.
    expect(restored.output()).not.toContain('Imported the demo catalogue');
    // The same answer, but for the links' expiry and signature: links are signed for the minute
    // they are answered in, and the two answers may fall either side of a minute's turn.
    const unsigned = (answer: unknown) =>
      JSON.parse(
        JSON.stringify(answer)
          .replace(/expires=\d+/g, 'expires=…')
          .replace(/signature=[\w-]+/g, 'signature=…'),
      );
    const before = await (await versions(portal.url)).json();
    expect(unsigned(await (await versions(restored.url)).json())).toEqual(unsigned(before));
    // A link the first portal handed out downloads the same bytes from the restored one (same secret key).
    const link = (before as Record<string, { offlineInstaller?: string }>)['2.8.1']!.offlineInstaller!;
    const digest = async (url: string) =>
      createHash('sha256')
        .update(Buffer.from(await (await fetch(url)).arrayBuffer()))
        .digest('hex');
    expect(await digest(`${restored.url}${link}`)).toBe(await digest(`${portal.url}${link}`));
    expect((await command(restoredDir, 'audit', 'verify')).stdout).toContain('The audit log is intact');
  } finally {
    await restored?.stop();
    await portal.close();
    await removeDataDir(restoredDir);
    await rm(archive, { force: true });
  }
});

test('SIGTERM stops the portal and its database cleanly, and a restart reuses everything', async () => {
  const first = await startPortal({ dataDir: await makeDataDir() });
  expect(await first.stop('SIGTERM')).toBe(0);
  expect(existsSync(path.join(first.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  expect(existsSync(path.join(first.dataDir, 'portal.pid'))).toBe(false);

  // Speed lives in the benchmarks; here, what a restart must not do again.
  const clusterCreated = (await stat(path.join(first.dataDir, 'pg', 'PG_VERSION'))).mtimeMs;
  const secretKey = await readFile(path.join(first.dataDir, 'secret-key'), 'utf8');
  expect(first.output()).toContain('Imported the demo catalogue');
  const second = await startPortal({ dataDir: first.dataDir });
  expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
  expect(second.output()).not.toContain('Imported the demo catalogue');
  expect((await stat(path.join(first.dataDir, 'pg', 'PG_VERSION'))).mtimeMs).toBe(clusterCreated);
  expect(await readFile(path.join(first.dataDir, 'secret-key'), 'utf8')).toBe(secretKey);
  expect(await second.stop()).toBe(0);
  await rm(first.dataDir, { recursive: true, force: true });
});

test('after a kill -9 the next start comes back up with its data intact', async () => {
  const first = await startPortal();
  const client = await embeddedDatabase(first.dataDir);
  await client.query(
    `INSERT INTO files (blob_key, name, content_type, size_bytes, sha256) VALUES ('crash-test', 'crash.bin', 'application/octet-stream', 3, repeat('a', 64))`,
  );
  await client.end();

  first.child.kill('SIGKILL');
  await first.exited;

  const second = await startPortal({ dataDir: first.dataDir });
  try {
    expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
    const reopened = await embeddedDatabase(second.dataDir);
    const { rows } = await reopened.query(`SELECT name, size_bytes FROM files WHERE blob_key = 'crash-test'`);
    await reopened.end();
    expect(rows).toEqual([{ name: 'crash.bin', size_bytes: '3' }]);
  } finally {
    await second.stop();
    await rm(first.dataDir, { recursive: true, force: true });
  }
});

test('the embedded server killed with SIGKILL is started again: lookups go on, what needs the database answers 503, never 500', async () => {
  test.setTimeout(90_000);
  const metricsPort = await freePort();
  const admin = 'supervision-admin@example.com';
  const portal = await startPortal({
    env: { METRICS_PORT: String(metricsPort), ADMIN_EMAILS: admin, STAFF_EMAIL_DOMAINS: 'example.com' },
  });
  try {
    const { headers: staff } = await signInThroughOutbox({
      email: admin,
      requestAt: portal.url,
      dataDirs: portal.dataDir,
    });
    const client = await embeddedDatabase(portal.dataDir);
    await client.query(
      `INSERT INTO files (blob_key, name, content_type, size_bytes, sha256) VALUES ('before-the-kill', 'kept.bin', 'application/octet-stream', 4, repeat('b', 64))`,
    );
    await client.end();
    const lookup = () =>
      fetch(new URL(RELEASES_PATHS.versions, portal.url), { headers: { authorization: 'Hasp id=DEMO-CS-1001' } });
    // A portal that has served its customers holds the catalogue in memory.
    expect((await lookup()).status).toBe(200);
    const killed = postmasterPid(portal.dataDir);
    // As the kernel's OOM killer would.
    process.kill(killed, 'SIGKILL');
    const killedAt = Date.now();

    const seen = { lookup: new Set<number>(), search: new Set<number>(), readiness: new Set<number>() };
    let retryAfter: string | null = null;
    let message: unknown;
    let backAfterMs: number | undefined;
    while (Date.now() - killedAt < 20_000) {
      const [looked, search, readiness] = await Promise.all([
        lookup(),
        fetch(new URL(`${COMPONENTS_PATHS.search}?q=openssl`, portal.url), { headers: staff }),
        fetch(new URL('/readyz', portal.url)),
      ]);
      seen.lookup.add(looked.status);
      seen.search.add(search.status);
      seen.readiness.add(readiness.status);
      if (search.status === 503) {
        retryAfter = search.headers.get('retry-after');
        message = await search.json();
      } else await search.body?.cancel();
      await Promise.all([looked.body?.cancel(), readiness.body?.cancel()]);
      if (readiness.status === 200 && seen.readiness.has(503) && search.status === 200) {
        backAfterMs = Date.now() - killedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Served again within 15 s; the customer lookup from memory throughout.
    expect(backAfterMs, portal.output()).toBeLessThan(15_000);
    expect([...seen.lookup]).toEqual([200]);
    expect([...seen.search].sort()).toEqual([200, 503]);
    expect([...seen.readiness].sort()).toEqual([200, 503]);
    expect(retryAfter).toMatch(/^\d+$/);
    expect(message).toEqual({
      message: expect.stringMatching(/cannot reach its database/),
      code: 'database-unavailable',
    });
    expect(postmasterPid(portal.dataDir)).not.toBe(killed);

    // One line for each event, none per request.
    const lines = messages(portal.output());
    expect(lines.filter((line) => line.startsWith('The database is unreachable'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('Started the embedded PostgreSQL server again'))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith('The database is back after'))).toHaveLength(1);
    expect(lines.filter((line) => line === 'request failed')).toEqual([]);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toMatch(/^portal_db_up 1$/m);
    expect(metrics).toMatch(/^portal_db_restarts_total 1$/m);

    // Nothing committed before the kill is lost.
    const reopened = await embeddedDatabase(portal.dataDir);
    const { rows } = await reopened.query(`SELECT name FROM files WHERE blob_key = 'before-the-kill'`);
    await reopened.end();
    expect(rows).toEqual([{ name: 'kept.bin' }]);
  } finally {
    await portal.close();
  }
});

// PostgreSQL refuses root, so as root it runs as `postgres`, which cannot enter a folder only
// root may enter: that is the case to prove, and it exists only when this run is root. As
// another user the same folder is its own, and the cluster must stay in DATA_DIR/pg.
test('a DATA_DIR inside a folder only its owner may enter starts, and a kill -9 restart keeps its data', async () => {
  const closed = await mkdtemp(path.join(os.tmpdir(), 'portal-closed-')); // 0700
  const dataDir = path.join(closed, 'data');
  const first = await startPortal({ dataDir });
  try {
    const relocated = lstatSync(path.join(dataDir, 'pg')).isSymbolicLink();
    expect(relocated).toBe(process.getuid?.() === 0);
    if (relocated) {
      expect(first.output()).toContain(
        `cannot enter ${dataDir}: its cluster is in /var/lib/instrument-software-portal/`,
      );
    }
    const client = await embeddedDatabase(dataDir);
    await client.query(
      `CREATE TABLE closed_folder_check (value text); INSERT INTO closed_folder_check VALUES ('kept')`,
    );
    await client.end();
    first.child.kill('SIGKILL');
    await first.exited;

    const second = await startPortal({ dataDir });
    try {
      expect((await fetch(`${second.url}/readyz`)).status).toBe(200);
      const reopened = await embeddedDatabase(dataDir);
      const { rows } = await reopened.query('SELECT value FROM closed_folder_check');
      await reopened.end();
      expect(rows).toEqual([{ value: 'kept' }]);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
    await removeDataDir(dataDir);
    await rm(closed, { recursive: true, force: true });
  }
});
