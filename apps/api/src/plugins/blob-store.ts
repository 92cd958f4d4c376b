import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { close, open, read } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

declare module 'fastify' {
  interface FastifyInstance {
    blobStore: BlobStore;
  }
}

/** Inclusive byte offsets, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

/** An open blob, read front to back from where it was opened into buffers the caller owns. */
export interface BlobReader {
  /** Reads up to `length` bytes into the start of `buffer`; 0 at the end. */
  read(buffer: Buffer, length: number): Promise<number>;
  close(): void;
}

/**
 * Where published files live (DESIGN "Data"), by content-addressed key: a folder under
 * DATA_DIR/files by default. No file-system path leaves it, so an object store can stand
 * in for the folder without its callers knowing.
 */
export interface BlobStore {
  /** Opens a blob, from the range's start when one is given; rejects when the blob is missing. */
  open(blobKey: string, range?: ByteRange): Promise<BlobReader>;
  has(blobKey: string): Promise<boolean>;
  /** Copies a local file in as `blobKey`; false when the store already held it. */
  put(source: string, blobKey: string): Promise<boolean>;
  remove(blobKey: string): Promise<void>;
}

/** The key of a blob: derived from its SHA-256, so the same bytes are stored once. */
export function blobKeyFor(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256}`;
}

/** The blob store's folder under DATA_DIR. */
export function blobRootOf(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/**
 * A folder of content-addressed files. A blob is written under a temporary name and
 * renamed into place, so a reader never sees a half-written file and an interrupted copy
 * leaves only a temporary file behind.
 */
export class LocalBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  async open(blobKey: string, range?: ByteRange): Promise<BlobReader> {
    const fd = await new Promise<number>((resolve, reject) =>
      open(this.pathOf(blobKey), 'r', (error, opened) => (error ? reject(error) : resolve(opened))),
    );
    let position = range?.start ?? 0;
    return {
      read: (buffer, length) =>
        new Promise((resolve, reject) =>
          read(fd, buffer, 0, length, position, (error, bytes) => {
            if (error) return reject(error);
            position += bytes;
            resolve(bytes);
          }),
        ),
      close: () => close(fd, () => {}),
    };
  }

  async has(blobKey: string): Promise<boolean> {
    return stat(this.pathOf(blobKey)).then(
      (stats) => stats.isFile(),
      () => false,
    );
  }

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

  private pathOf(blobKey: string): string {
    return path.join(this.root, blobKey);
  }
}

/** The blob store of this portal (DATA_DIR/files), for file delivery and publishing alike. */
export function blobStoreOf(dataDir: string): BlobStore {
  return new LocalBlobStore(blobRootOf(dataDir));
}

export default fp(
  async function blobStore(app: FastifyInstance) {
    app.decorate('blobStore', blobStoreOf(app.config.dataDir));
  },
  { name: 'blob-store', dependencies: ['config'] },
);
