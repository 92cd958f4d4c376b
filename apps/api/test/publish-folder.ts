import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { importFolder } from '../src/features/publishing/publishing';
import { DEMO_CATALOGUE_DIR } from '../src/paths';
import { createTestApp, type TestApp } from './test-app';

/** A portal on a fresh database and data folder, and a copy of the demo catalogue to publish and edit. */
export class PublishFolder {
  portal!: TestApp;
  dataDir!: string;
  folder!: string;

  /** Publishes the folder as `npm run portal -- import` does. */
  run = () =>
    importFolder(this.folder, {
      db: this.portal.database.db,
      secretKey: this.portal.app.secretKey,
      blobStore: this.portal.app.blobStore,
    });

  /** Changes the folder's catalogue.json. */
  /** Edits the folder's catalogue.json, written on one line, or `indent` spaces deep as people write it. */
  async editManifest<Manifest = Record<string, unknown[]>>(edit: (manifest: Manifest) => void, { indent = 0 } = {}) {
    const file = path.join(this.folder, 'catalogue.json');
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Manifest;
    edit(manifest);
    await writeFile(file, JSON.stringify(manifest, null, indent));
  }

  /** The line of catalogue.json (from 1) that holds `text`. */
  async manifestLineOf(text: string): Promise<number> {
    const lines = (await readFile(path.join(this.folder, 'catalogue.json'), 'utf8')).split('\n');
    const index = lines.findIndex((line) => line.includes(text));
    if (index < 0) throw new Error(`catalogue.json has no line with ${text}`);
    return index + 1;
  }
}

/** Sets up a PublishFolder before each test of the file and removes it after. */
export function usePublishFolder(): PublishFolder {
  const kit = new PublishFolder();
  beforeEach(async () => {
    kit.dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-import-'));
    kit.folder = await mkdtemp(path.join(os.tmpdir(), 'portal-import-src-'));
    await cp(DEMO_CATALOGUE_DIR, kit.folder, { recursive: true });
    kit.portal = await createTestApp({ env: { DATA_DIR: kit.dataDir } });
  });
  afterEach(async () => {
    await kit.portal.close();
    await rm(kit.dataDir, { recursive: true, force: true });
    await rm(kit.folder, { recursive: true, force: true });
  });
  return kit;
}
