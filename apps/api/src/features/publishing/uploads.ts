import {
  fileTooLargeMessage,
  NO_DRAFT_MESSAGE,
  uploadNameProblem,
  type DraftFile,
  type DraftFileClaim,
} from '@portal/contracts';
import { FileStore } from '@tus/file-store';
import { asc, eq } from 'drizzle-orm';
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { files } from '../../plugins/catalogue/catalogue-tables';
import { isOpenDraft } from './drafts';
import { publishingUploads } from './publishing-tables';

/**
 * Uploads into drafts (docs/publishing.md#uploads, docs/decisions/186-resumable-uploads-with-tus.md):
 * partial files in PUBLISH_UPLOAD_DIR, hashed as they arrive; a completed upload whose
 * SHA-256 is the one its draft names goes into the blob store and is recorded in
 * `publishing_uploads`.
 */

const DAY_MS = 24 * 60 * 60 * 1_000;

/** The bytes an upload gathers before each write to its partial file. */
const WRITE_BATCH_BYTES = 1 << 20;

/**
 * The thread that writes partial files (docs/decisions/262-upload-throughput.md): libuv sends
 * asynchronous file writes through io_uring on recent Linux kernels, which costs several times
 * the CPU of the copy itself; a worker's synchronous writes cost only the copy, and keep the
 * event loop free. Plain JavaScript run by `eval`, so the bundled server needs no second file.
 */
const WRITER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { closeSync, openSync, writeSync } = require('node:fs');
parentPort.on('message', ({ id, path, bytes, position }) => {
  let fd;
  try {
    fd = openSync(path, 'r+');
    for (let done = 0; done < bytes.length; ) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
    parentPort.postMessage({ id });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message) });
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
});`;

/** Writes batches of bytes into files on the writer thread; one thread per store, started at the first write. */
class FileWriter {
  private worker: Worker | undefined;
  private next = 0;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();

  /** Writes `bytes` (handed over: the caller must not use them again) at `position` of `file`. */
  write(file: string, bytes: Buffer, position: number): Promise<void> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, path: file, bytes, position }, [bytes.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    const worker = new Worker(WRITER_SOURCE, { eval: true });
    worker.unref();
    worker.on('message', ({ id, error }: { id: number; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('the upload writer stopped')));
    return worker;
  }
}

/** A SHA-256 under way: the bytes 0..offset of one upload, as received. */
interface RunningHash {
  hash: Hash;
  offset: number;
}

/**
 * The tus file store, with every byte written passing through a running SHA-256 kept in
 * memory per upload. The state is trusted only when its offset is the upload's: after a
 * restart, a write that failed part-way, or a resume that another portal received first, it
 * is rebuilt by reading the partial file's first `offset` bytes (streamed, so memory stays flat).
 * Deferred lengths and tus's own expiry are left out: a length is required at creation, and
 * abandoned uploads are swept by their last write (sweepAbandonedUploads).
 */
export class HashingFileStore extends FileStore {
  private readonly running = new Map<string, RunningHash>();
  private readonly writer = new FileWriter();

  constructor(readonly folder: string) {
    super({ directory: folder });
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** The partial file of an upload (tus IDs are hex: no path can leave the folder). */
  pathOf(id: string): string {
    return path.join(this.folder, id);
  }

  /**
   * Receives a PATCH's bytes: each piece into the running hash as it arrives, then onto the
   * partial file in batches of WRITE_BATCH_BYTES (the socket hands over 64 KiB pieces: a
   * write each cost more than the bytes), one batch written while the next is gathered.
   * Should the request end early (a dropped connection), what arrived is written all the same,
   * so a resume re-sends only what never reached the portal.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const running = await this.hashAt(id, offset);
    const file = this.pathOf(id);
    let position = offset;
    let batch: Buffer[] = [];
    let batchBytes = 0;
    let writing: Promise<void> = Promise.resolve();
    const flush = async () => {
      await writing;
      if (batchBytes === 0) return;
      // A buffer of its own, handed to the writer thread without a copy.
      const bytes = Buffer.allocUnsafeSlow(batchBytes);
      let filled = 0;
      for (const chunk of batch) filled += chunk.copy(bytes, filled);
      const at = position;
      position += bytes.length;
      batch = [];
      batchBytes = 0;
      writing = this.writer.write(file, bytes, at);
      // Awaited at the next flush: marked handled meanwhile, so a failure is thrown there, not at large.
      writing.catch(() => {});
    };
    try {
      for await (const piece of readable) {
        const chunk = piece as Buffer;
        running.hash.update(chunk);
        running.offset += chunk.length;
        batch.push(chunk);
        batchBytes += chunk.length;
        if (batchBytes >= WRITE_BATCH_BYTES) await flush();
      }
    } finally {
      // Also after a failed read: the bytes hashed reach the disk, so the offsets agree. Should
      // a write fail, they differ, and the next write rebuilds the hash from what the disk holds.
      await flush();
      await writing;
    }
    return position;
  }

  override async remove(id: string): Promise<void> {
    this.running.delete(id);
    await super.remove(id);
  }

  /** Stops the writer thread (the app closes). */
  async close(): Promise<void> {
    await this.writer.close();
  }

  /** Forgets an upload's hash (its files were swept). */
  forget(id: string): void {
    this.running.delete(id);
  }

  /** The SHA-256 of an upload's first `size` bytes: all of them, once it is complete. */
  async digestOf(id: string, size: number): Promise<string> {
    // A copy: should the finish fail after this, a retry digests the same state again.
    return (await this.hashAt(id, size)).hash.copy().digest('hex');
  }

  private async hashAt(id: string, offset: number): Promise<RunningHash> {
    const known = this.running.get(id);
    if (known && known.offset === offset) return known;
    const rebuilt: RunningHash = { hash: createHash('sha256'), offset: 0 };
    if (offset > 0) {
      for await (const chunk of createReadStream(this.pathOf(id), { end: offset - 1, highWaterMark: 1 << 20 })) {
        rebuilt.hash.update(chunk as Buffer);
        rebuilt.offset += (chunk as Buffer).length;
      }
    }
    if (rebuilt.offset !== offset) throw new Error(`upload ${id} holds ${rebuilt.offset} bytes, not ${offset}`);
    this.running.set(id, rebuilt);
    return rebuilt;
  }
}

/**
 * Deletes the partial uploads (a file and its `.json`) nobody wrote to for `expiryDays`;
 * returns the IDs deleted. A resume of one answers 404, and the screen starts it again.
 */
export async function sweepAbandonedUploads(folder: string, expiryDays: number, nowMs = Date.now()) {
  const cutoff = nowMs - expiryDays * DAY_MS;
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const ids = new Set(names.map((name) => name.replace(/\.json$/, '')));
  const swept: string[] = [];
  for (const id of ids) {
    const times = await Promise.all(
      [id, `${id}.json`].map((name) =>
        stat(path.join(folder, name)).then(
          (stats) => stats.mtimeMs,
          () => -Infinity,
        ),
      ),
    );
    if (Math.max(...times) >= cutoff) continue;
    await Promise.all([
      rm(path.join(folder, id), { force: true }),
      rm(path.join(folder, `${id}.json`), { force: true }),
    ]);
    swept.push(id);
  }
  return swept;
}

/** A completed upload, recorded once its blob is stored; uploading the same bytes again changes nothing. */
export async function recordUpload(
  db: DatabaseExecutor,
  upload: { draftId: string; sha256: string; name: string; sizeBytes: number; uploadedBy: string },
): Promise<void> {
  await db.insert(publishingUploads).values(upload).onConflictDoNothing();
}

/** A claim refused before any byte is sent: the status and the publisher's words. */
export class ClaimRefused extends Error {
  constructor(
    readonly status: 400 | 404 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'ClaimRefused';
  }
}

/**
 * A file a publisher adds to a draft, by the SHA-256 the browser computed: `stored` when a
 * published file has those bytes, `uploaded` when an upload (for this draft or another)
 * completed with them, linked to this draft so nothing is sent again; else `awaiting upload`.
 */
export async function claimDraftFile(
  db: Database,
  draftId: string,
  claim: DraftFileClaim,
  { actor, maxFileBytes }: { actor: string; maxFileBytes: number },
): Promise<DraftFile> {
  const nameProblem = uploadNameProblem(claim.name);
  if (nameProblem !== undefined) throw new ClaimRefused(400, nameProblem);
  if (claim.sizeBytes > maxFileBytes) throw new ClaimRefused(413, fileTooLargeMessage(claim.sizeBytes, maxFileBytes));
  if (!(await isOpenDraft(db, draftId))) throw new ClaimRefused(404, NO_DRAFT_MESSAGE);
  const [published] = await db
    .select({ sizeBytes: files.sizeBytes })
    .from(files)
    .where(eq(files.sha256, claim.sha256))
    .orderBy(asc(files.publishedAt))
    .limit(1);
  if (published) return { sha256: claim.sha256, name: claim.name, state: 'stored', sizeBytes: published.sizeBytes };
  const [uploaded] = await db
    .select({ sizeBytes: publishingUploads.sizeBytes })
    .from(publishingUploads)
    .where(eq(publishingUploads.sha256, claim.sha256))
    .orderBy(asc(publishingUploads.completedAt))
    .limit(1);
  if (uploaded) {
    // The blob is in the store already: this draft's row keeps it from the sweep too.
    await recordUpload(db, {
      draftId,
      sha256: claim.sha256,
      name: claim.name,
      sizeBytes: uploaded.sizeBytes,
      uploadedBy: actor,
    });
    return { sha256: claim.sha256, name: claim.name, state: 'uploaded', sizeBytes: uploaded.sizeBytes };
  }
  return { sha256: claim.sha256, name: claim.name, state: 'awaiting upload', sizeBytes: null };
}
