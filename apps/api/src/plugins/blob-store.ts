import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomBytes } from 'node:crypto';
import { close, open, read } from 'node:fs';
import { copyFile, link, mkdir, readdir, rename, rm, stat, utimes } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config';
import type { ServiceAvailability } from '../shared/service-availability';
import { isBlobKey } from './blob-keys';

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
  put(source: string, blobKey: string, options?: PutOptions): Promise<boolean>;
  remove(blobKey: string): Promise<void>;
  /** Every stored blob and when it was written, in no particular order; never a write in progress. */
  list(): AsyncIterable<StoredBlob>;
  /**
   * Removes writes that never completed (a folder's temporary files, an object store's
   * abandoned multipart uploads) started before `startedBefore`; returns how many.
   */
  removeIncomplete(startedBefore: Date): Promise<number>;
  /** Lets go of its connections (an object store's client); a folder holds none. */
  close?(): void;
  /**
   * Whether a store across the network answers now, and its outages' one owner (an S3
   * bucket; plugins/file-storage-outage.ts logs them). A folder has none.
   */
  readonly availability?: ServiceAvailability;
  /** What the log calls it (`S3 bucket … at …`); a folder has no outages to name it in. */
  readonly description?: string;
}

export interface PutOptions {
  /** Called as the copy goes on (an upload to a bucket reports its parts): bytes done of total. */
  onProgress?(doneBytes: number, totalBytes: number): void;
  /**
   * The source is the caller's own file, which it deletes afterwards and never changes (a
   * completed upload): a folder on the same disk takes it by a hard link instead of a copy.
   * Never for a file someone else owns (an import's folder), whose later edits the blob
   * would then share.
   */
  handOver?: boolean;
}

export interface StoredBlob {
  key: string;
  modifiedAt: Date;
  /** Its length in bytes: what a backup lists and a restore checks a bucket against. */
  size: number;
}

/** The blob store's folder under DATA_DIR. */
export function blobRootOf(dataDir: string): string {
  return path.join(dataDir, 'files');
}

/** The name a blob is written under before it is renamed into place. */
const INCOMING_PREFIX = '.incoming-';

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

  async put(source: string, blobKey: string, { handOver = false }: PutOptions = {}): Promise<boolean> {
    if (await this.has(blobKey)) return false;
    const target = this.pathOf(blobKey);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = path.join(path.dirname(target), `${INCOMING_PREFIX}${randomBytes(8).toString('hex')}`);
    try {
      if (!handOver || !(await linked(source, temporary))) await copyFile(source, temporary);
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

  async *list(): AsyncIterable<StoredBlob> {
    for await (const { relative, modifiedAt, size } of this.entries()) {
      const key = relative.split(path.sep).join('/');
      if (isBlobKey(key)) yield { key, modifiedAt, size };
    }
  }

  async removeIncomplete(startedBefore: Date): Promise<number> {
    let removed = 0;
    for await (const { relative, modifiedAt } of this.entries()) {
      if (!path.basename(relative).startsWith(INCOMING_PREFIX) || modifiedAt >= startedBefore) continue;
      await rm(path.join(this.root, relative), { force: true });
      removed++;
    }
    return removed;
  }

  /** The files one folder down (where put writes), with their modification times. */
  private async *entries(): AsyncIterable<{ relative: string; modifiedAt: Date; size: number }> {
    const folders = await readdir(this.root, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    for (const folder of folders) {
      if (!folder.isDirectory()) continue;
      for (const name of await readdir(path.join(this.root, folder.name))) {
        const relative = path.join(folder.name, name);
        // Gone since it was listed (a rename into place, another sweep): nothing to report.
        const stats = await stat(path.join(this.root, relative)).catch(() => undefined);
        if (stats?.isFile()) yield { relative, modifiedAt: stats.mtime, size: stats.size };
      }
    }
  }

  private pathOf(blobKey: string): string {
    return path.join(this.root, blobKey);
  }
}

/**
 * Hard-links `source` as `target`, dated now (the sweep spares a blob by its age, and the
 * source may be old); false where the two are on different disks or links are refused.
 */
async function linked(source: string, target: string): Promise<boolean> {
  try {
    await link(source, target);
  } catch {
    return false;
  }
  const now = new Date();
  await utimes(target, now, now);
  return true;
}

/** A folder's blob store (DATA_DIR/files): what blobStoreFor opens without S3, and what tests open to look inside. */
export function blobStoreOf(dataDir: string): BlobStore {
  return new LocalBlobStore(blobRootOf(dataDir));
}

/**
 * The one factory of the blob store this portal is configured with, for file delivery and
 * publishing alike: the S3 bucket when S3_ENDPOINT and its fellows are set, DATA_DIR/files
 * otherwise. The AWS SDK is loaded only then, as OpenTelemetry is only with its variable
 * (decision 096). Start-up (server.ts) and the command line (cli.ts) call it once and hand
 * the store to whatever needs one (the app, the import, the sweep); whoever opened it closes it.
 */
export async function blobStoreFor(config: Pick<Config, 'dataDir' | 's3'>): Promise<BlobStore> {
  if (!config.s3) return blobStoreOf(config.dataDir);
  const { S3BlobStore } = await import('./s3-blob-store');
  return new S3BlobStore(config.s3);
}

/** `app.blobStore`: the store start-up opened (blobStoreFor), which stays its to close. There is no default. */
export default fp(
  async function blobStore(app: FastifyInstance, options: { blobStore: BlobStore }) {
    if (!options.blobStore) throw new Error('The blob-store plugin needs the store start-up opened (blobStoreFor)');
    app.decorate('blobStore', options.blobStore);
  },
  { name: 'blob-store' },
);
