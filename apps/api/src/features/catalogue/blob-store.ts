import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The blob store of DESIGN "Data": a folder (DATA_DIR/files) of content-addressed files.
 * A blob is written under a temporary name and renamed into place, so a reader never sees
 * a half-written file and an interrupted copy leaves only a temporary file behind.
 */
export class BlobStore {
  constructor(readonly root: string) {}

  static keyFor(sha256: string): string {
    return `${sha256.slice(0, 2)}/${sha256}`;
  }

  pathOf(blobKey: string): string {
    return path.join(this.root, blobKey);
  }

  async has(blobKey: string): Promise<boolean> {
    return stat(this.pathOf(blobKey)).then(
      (stats) => stats.isFile(),
      () => false,
    );
  }

  /** Copies a file in as `blobKey`; false when the store already held it. */
  async put(source: string, blobKey: string): Promise<boolean> {
    if (await this.has(blobKey)) return false;
    const target = this.pathOf(blobKey);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `.incoming-${randomBytes(8).toString('hex')}`);
    try {
      await copyFile(source, temporary);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
    return true;
  }

  async remove(blobKey: string): Promise<void> {
    await rm(this.pathOf(blobKey), { force: true });
  }
}
