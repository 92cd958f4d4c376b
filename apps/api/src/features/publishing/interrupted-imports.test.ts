import { randomBytes } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { blobKeyFor } from '../../plugins/blob-keys';
import { blobRootOf, blobStoreOf } from '../../plugins/blob-store';
import { DEMO_CATALOGUE_DIR } from '../../paths';
import { importFolder, sweepInterruptedImports } from './publishing';

let portal: TestApp;
let dataDir: string;
let folders: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-'));
  folders = [];
  portal = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterEach(async () => {
  await portal.close();
  for (const folder of [dataDir, ...folders]) await rm(folder, { recursive: true, force: true });
});

const TWO_HOURS_AGO = new Date(Date.now() - 2 * 60 * 60 * 1_000);

async function demoFolder() {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-src-'));
  folders.push(folder);
  await cp(DEMO_CATALOGUE_DIR, folder, { recursive: true });
  return folder;
}

/** A folder of one version with a file of its own, so two imports write different blobs. */
async function smallFolder(name: string) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'portal-sweep-src-'));
  folders.push(folder);
  await writeFile(path.join(folder, `${name}.bin`), randomBytes(4096));
  await writeFile(
    path.join(folder, 'catalogue.json'),
    JSON.stringify({
      families: ['CS'],
      versions: [{ name, families: ['CS'], offlineInstaller: { path: `${name}.bin` } }],
      registrations: [],
      pibs: [],
      dsvs: [],
    }),
  );
  return folder;
}

const run = (folder: string, options: { sweepGraceMs?: number } = {}) =>
  importFolder(folder, {
    db: portal.database.db,
    secretKey: portal.app.secretKey,
    blobStore: portal.app.blobStore,
    ...options,
  });

/** Plants a file in the blob store's folder, written at `modifiedAt`. */
async function plant(relative: string, modifiedAt = new Date()) {
  const file = path.join(blobRootOf(dataDir), relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, 'left behind');
  await utimes(file, modifiedAt, modifiedAt);
  return relative;
}

async function storeContents(): Promise<string[]> {
  const entries = await readdir(blobRootOf(dataDir), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(blobRootOf(dataDir), path.join(entry.parentPath, entry.name)))
    .sort();
}

async function referencedBlobs(): Promise<string[]> {
  const { rows } = await portal.database.pool.query<{ blob_key: string }>(`SELECT DISTINCT blob_key FROM files`);
  return rows.map((row) => row.blob_key).sort();
}

/** Leftovers of an interrupted import, stale and fresh, and a referenced blob last written long ago. */
async function plantLeftovers() {
  const [referenced] = await referencedBlobs();
  const referencedFile = path.join(blobRootOf(dataDir), referenced!);
  await utimes(referencedFile, TWO_HOURS_AGO, TWO_HOURS_AGO);
  return {
    referenced: referenced!,
    staleTemporary: await plant('ab/.incoming-0123456789abcdef', TWO_HOURS_AGO),
    freshTemporary: await plant('ab/.incoming-fedcba9876543210'),
    staleBlob: await plant(blobKeyFor('ab'.repeat(32)), TWO_HOURS_AGO),
    freshBlob: await plant(blobKeyFor('cd'.repeat(32))),
    notABlob: await plant('README.txt', TWO_HOURS_AGO),
  };
}

describe('leftovers of interrupted imports', () => {
  it('are swept at the start of an import: stale temporaries and unreferenced blobs go, fresh ones and referenced blobs stay', async () => {
    await run(await demoFolder());
    const before = await storeContents();
    const left = await plantLeftovers();

    await run(await smallFolder('9.9.9'));
    const after = await storeContents();
    expect(after).not.toContain(left.staleTemporary);
    expect(after).not.toContain(left.staleBlob);
    for (const kept of [left.referenced, left.freshTemporary, left.freshBlob, left.notABlob]) {
      expect(after).toContain(kept);
    }
    for (const blob of await referencedBlobs()) expect(after).toContain(blob);
    expect(after.length).toBe(before.length + 1 + 3);
  });

  it('are swept at start-up', async () => {
    await run(await demoFolder());
    const left = await plantLeftovers();
    expect(await sweepInterruptedImports({ db: portal.database.db, blobStore: portal.app.blobStore })).toEqual({
      incomplete: 1,
      unreferenced: 1,
    });
    const after = await storeContents();
    expect(after).not.toContain(left.staleTemporary);
    expect(after).not.toContain(left.staleBlob);
    for (const kept of [left.referenced, left.freshTemporary, left.freshBlob]) expect(after).toContain(kept);
  });

  it('never take what a concurrent import is writing: racing imports both succeed and every file is there', async () => {
    // No grace period: only taking turns keeps one import's sweep off the other's fresh blobs.
    const imports = [await demoFolder(), await smallFolder('9.9.9'), await smallFolder('9.9.10')];
    await Promise.all(imports.map((folder) => run(folder, { sweepGraceMs: 0 })));

    const { rows } = await portal.database.pool.query<{ name: string }>(`SELECT name FROM versions ORDER BY name`);
    expect(rows.map((row) => row.name)).toEqual(
      expect.arrayContaining(['2.11.0-beta', '2.6.2', '2.8.1', '9.9.10', '9.9.9']),
    );
    const store = blobStoreOf(dataDir);
    for (const blob of await referencedBlobs()) expect(await store.has(blob), blob).toBe(true);
  });
});
