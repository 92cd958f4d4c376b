import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { chmod, mkdtemp, open, readdir, readFile, rm, statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  DISK_FULL_MESSAGE,
  DISK_WORDS,
  PUBLISHING_PATHS,
  RELEASES_PATHS,
  SIGN_IN_PATHS,
  sizeInWords,
  type Draft,
  type DraftList,
  type Versions,
} from '@portal/contracts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../apps/api/src/db/database-outage';
import { startPortal, type PortalProcess } from '../test-kit/portal-process';
import { createApiToken, runPortalPublish, writeReleaseFolder } from '../test-kit/publish-pipeline';
import { onePibManifest } from '../test-kit/manifests';
import { signInWithRoles, type StaffSignIn } from '../test-kit/staff-session';
import { startTcpProxy } from '../test-kit/tcp-proxy';
import { acceptProblems, answeredWith, expect, placeBearer, test } from './fixtures';

/**
 * Disks that fill, as issue 49 found them: real tmpfs file systems (mounting one needs root,
 * as CI and the README's machine run; docs/testing.md), portal processes, and portal-publish
 * as a build pipeline runs it.
 */
const DISK_BYTES = 256 * 2 ** 20;
const ADMIN = 'disk-admin@example.com';
const PUBLISHER = 'disk-publisher@example.com';
const run = promisify(execFile);

/** A tmpfs of `bytes` mounted at `folder` (made), which everyone may enter, as PostgreSQL's user must. */
async function mountSmallDisk(folder: string, bytes: number) {
  expect(process.getuid?.(), 'mounting a small file system needs root (docs/testing.md)').toBe(0);
  await run('mkdir', ['-p', folder]);
  await run('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0755`, 'portal-disk-full', folder]);
}
const freeBytesOf = async (folder: string) => {
  const stats = await statfs(folder);
  return stats.bavail * stats.bsize;
};
/** Takes all of a disk's free space but `leftBytes`, as another program would. */
const fillDisk = async (folder: string, leftBytes = 0) =>
  run('fallocate', ['-l', String((await freeBytesOf(folder)) - leftBytes), path.join(folder, 'filler')]);
const lookUpVersionsOf = async (portal: PortalProcess) => {
  const answer = await fetch(new URL(RELEASES_PATHS.versions, portal.url), {
    headers: { authorization: 'Hasp id=DEMO-CS-1001' },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as Versions;
};

test.describe.configure({ mode: 'serial' });

test.describe('the upload folder on a 256 MiB disk', () => {
  let disk: string;
  let work: string;
  let portal: PortalProcess;
  let token: string;
  let publisherHeaders: Record<string, string>;
  let publisherBearer: string;

  test.beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'portal-disk-full-'));
    disk = path.join(work, 'uploads');
    await mountSmallDisk(disk, DISK_BYTES);
    portal = await startPortal({
      env: { ADMIN_EMAILS: ADMIN, STAFF_EMAIL_DOMAINS: 'example.com', PUBLISH_UPLOAD_DIR: disk },
    });
    const publisher = await signInWithRoles({
      origin: portal.url,
      dataDir: portal.dataDir,
      admin: ADMIN,
      email: PUBLISHER,
      roles: ['publisher'],
    });
    token = (await createApiToken(portal.url, publisher.headers, 'disk full')).token;
    publisherHeaders = publisher.headers;
    publisherBearer = publisher.bearer;
  });

  test.afterAll(async () => {
    await portal?.close();
    if (disk) await run('umount', [disk]).catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
  });

  const publish = (folder: string) =>
    runPortalPublish(['--url', portal.url, folder, '--publish'], { cwd: work, token });
  const lookUpVersions = () => lookUpVersionsOf(portal);
  /** The words portal-publish prints for a file the upload folder has no room for, up to the free space. */
  const outOfSpaceLine = (version: string, bytes: number) =>
    `portal-publish: Cornerstone-${version}-Offline.zip: The portal is out of space: this file needs ` +
    `${sizeInWords(bytes)} in its ${DISK_WORDS.uploads}, which has `;

  test('a 400 MB release into a 256 MiB upload folder ends with exit 1 and the space it needs; a 100 MB release right after it publishes', async () => {
    test.setTimeout(120_000);
    const large = await writeReleaseFolder(work, '9.7.0', 400 * 1000 * 1000);
    const started = Date.now();
    const refused = await publish(large.folder);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${outOfSpaceLine('9.7.0', 400 * 1000 * 1000)}${sizeInWords(DISK_BYTES)} free.`);
    expect(refused.stderr).not.toMatch(/try again/i);
    // Refused at the upload's creation, not after retries (a dropped connection's wait 19 s in all).
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(refused.stdout).not.toContain('Published:');
    // Nothing written, and one warning for the operator, no error per request.
    expect(await readdir(disk)).toEqual([]);
    expect(portal.output()).toContain(`an upload was refused: the ${DISK_WORDS.uploads} is out of space`);
    expect(portal.output()).not.toContain('no space left on device');
    // Customers were served throughout, and nothing of the failed release was published.
    expect((await lookUpVersions())['9.7.0']).toBeUndefined();

    const small = await writeReleaseFolder(work, '9.8.0', 100 * 1000 * 1000);
    const published = await publish(small.folder);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toMatch(/Published: \S+/);
    expect((await lookUpVersions())['9.8.0']?.offlineInstallerFile).toMatchObject({ sha256: small.sha256 });
  });

  test('a disk that fills while a release is sent: exit 1 with the space it needs, the partial upload deleted, and once there is room the same release publishes with no restart', async () => {
    test.setTimeout(120_000);
    const bytes = 150 * 1000 * 1000;
    const release = await writeReleaseFolder(work, '9.9.0', bytes);
    const filler = path.join(disk, 'filler');
    // The connection drops at 40% of the installer; while it is down, something else takes all
    // but 1 MiB of the disk, and the command's resume meets a full disk.
    const proxy = await startTcpProxy(portal.url);
    try {
      const filled = proxy.cutAfterBytes(0.4 * bytes).then(async () => {
        await new Promise((resolve) => setTimeout(resolve, 300)); // the bytes in flight land
        await fillDisk(disk, 2 ** 20);
        await proxy.restore();
      });
      const refused = await runPortalPublish(['--url', proxy.url, release.folder, '--publish'], { cwd: work, token });
      await filled;
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(outOfSpaceLine('9.9.0', bytes));
      expect(refused.stderr).not.toMatch(/try again/i);
    } finally {
      await proxy.close();
    }
    // Only the filler is left: the partial upload and what tus keeps beside it are gone.
    expect(await readdir(disk)).toEqual(['filler']);
    expect((await lookUpVersions())['9.9.0']).toBeUndefined();

    await rm(filler);
    const published = await publish(release.folder);
    expect(published.code, published.stderr).toBe(0);
    expect((await lookUpVersions())['9.9.0']?.offlineInstallerFile).toMatchObject({ sha256: release.sha256 });
    expect(await readdir(disk)).toEqual([]);
  });

  test('the draft screen says the portal is out of space for a file chosen on its card, and offers no retry', async ({
    page,
    pageProblems,
  }) => {
    test.setTimeout(60_000);
    // 300 MB made at once: sparse, with random first bytes that no other file has.
    const name = 'Too-large.pdf';
    const filePath = path.join(work, name);
    const file = await open(filePath, 'w');
    await file.truncate(300 * 1000 * 1000);
    await file.write(randomBytes(64), 0, 64, 0);
    await file.close();
    const sha256 = createHash('sha256')
      .update(await readFile(filePath))
      .digest('hex');
    const created = await fetch(new URL(PUBLISHING_PATHS.drafts, portal.url), {
      method: 'POST',
      headers: { ...publisherHeaders, 'content-type': 'application/json' },
      body: JSON.stringify(onePibManifest({ internalVariant: 'too-large', variant: 'Too large', path: sha256, name })),
    });
    expect(created.status).toBe(201);
    const draftId = ((await created.json()) as Draft).draft.id;

    await placeBearer(page, publisherBearer);
    await page.goto(`${portal.url}/service/publishing/drafts/${draftId}`);
    const card = page.getByRole('region', { name: 'Files' }).getByRole('listitem', { name, exact: true });
    await card.getByLabel('Choose the file again to resume').setInputFiles(filePath);

    const alert = card.getByRole('alert');
    await expect(alert).toContainText(
      `The portal is out of space: this file needs ${sizeInWords(300 * 1000 * 1000)} in its ${DISK_WORDS.uploads}`,
    );
    await expect(alert).not.toContainText(/try again/i);
    await expect(card.getByRole('button', { name: 'Resume', exact: true })).toHaveCount(0);
    expect(await readdir(disk)).toEqual([]);
    // The browser logs the 507 it was answered; nothing else may go wrong on the page.
    expect(acceptProblems(pageProblems, answeredWith(507))).toHaveLength(1);
  });
});

test.describe('the database on a disk that fills', () => {
  let work: string;
  let data: string;
  let portal: PortalProcess;
  let publisher: StaffSignIn;

  test.beforeAll(async () => {
    work = await mkdtemp(path.join(os.tmpdir(), 'portal-db-disk-full-'));
    // Entered by PostgreSQL's user, so its cluster stays on the small disk (decision 014).
    await chmod(work, 0o755);
    data = path.join(work, 'data');
    await mountSmallDisk(data, DISK_BYTES);
    portal = await startPortal({ dataDir: data, env: { ADMIN_EMAILS: ADMIN, STAFF_EMAIL_DOMAINS: 'example.com' } });
    publisher = await signInWithRoles({
      origin: portal.url,
      dataDir: portal.dataDir,
      admin: ADMIN,
      email: 'db-disk-publisher@example.com',
      roles: ['publisher'],
    });
  });

  test.afterAll(async () => {
    // Stopped, not closed: its data folder is the mount point, which only umount takes away.
    await portal?.stop();
    if (data) await run('umount', [data]).catch(() => undefined);
    if (work) await rm(work, { recursive: true, force: true });
  });

  const newDraft = (variant: number) =>
    fetch(new URL(PUBLISHING_PATHS.drafts, portal.url), {
      method: 'POST',
      headers: { ...publisher.headers, 'content-type': 'application/json' },
      body: JSON.stringify(
        onePibManifest({ internalVariant: `disk-${variant}`, variant: `Disk ${variant}`, path: 'e'.repeat(64) }),
      ),
    });
  const draftCount = async () => {
    const listed = await fetch(new URL(PUBLISHING_PATHS.drafts, portal.url), { headers: publisher.headers });
    expect(listed.status).toBe(200);
    return ((await listed.json()) as DraftList).drafts.length;
  };

  test('writes are refused with words while it is full, reads go on, and once there is room it writes again with nothing committed lost', async () => {
    test.setTimeout(120_000);
    const before = await newDraft(0);
    expect(before.status).toBe(201);
    await fillDisk(data);

    // A new draft fills the table's last page first; the first that needs a new page meets the full disk.
    let refused: Response | undefined;
    for (let variant = 1; variant <= 200 && !refused; variant++) {
      const answer = await newDraft(variant);
      if (answer.status !== 201) refused = answer;
    }
    expect(refused, 'every draft was saved on a full disk').toBeDefined();
    // 507 from PostgreSQL's "could not extend file"; 503 should its WAL not fit and it restart.
    expect([503, 507]).toContain(refused!.status);
    const { message } = (await refused!.json()) as { message: string };
    expect(message).toBe(refused!.status === 507 ? DISK_FULL_MESSAGE : DATABASE_UNAVAILABLE_MESSAGE);
    // Customers are served from memory throughout.
    expect(Object.keys(await lookUpVersionsOf(portal)).length).toBeGreaterThan(0);
    // A sign-in link asked for now (its row, its mail in DATA_DIR/outbox) is refused whole.
    const linkRequest = await fetch(new URL(SIGN_IN_PATHS.linkRequests, portal.url), {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'db-disk-newcomer@example.com', redirectPath: '/service' }),
    });
    expect(linkRequest.status).toBe(507);
    expect(await linkRequest.json()).toEqual({ message: DISK_FULL_MESSAGE });
    expect((await readdir(path.join(data, 'outbox'))).filter((name) => !name.endsWith('.eml'))).toEqual([]);
    const saved = refused!.status === 507 ? await draftCount() : undefined;

    await rm(path.join(data, 'filler'));
    // Back by itself, no restart of the portal: the next draft is saved within the supervisor's backoff.
    await expect(async () => expect((await newDraft(1_000)).status).toBe(201)).toPass({ timeout: 30_000 });
    const after = await draftCount();
    if (saved !== undefined) expect(after).toBe(saved + 1);
    expect(after).toBeGreaterThanOrEqual(2);
    // Never a 500: the error handler logs each as "request failed".
    expect(portal.output()).not.toContain('request failed');
  });
});
