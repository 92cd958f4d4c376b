import {
  fileTooLargeMessage,
  NO_DRAFT_MESSAGE,
  UPLOAD_METADATA_KEYS,
  uploadNameProblem,
  type DraftFile,
  type DraftFileClaim,
} from '@portal/contracts';
import { fileSha256 } from '@portal/contracts/node/file-sha256';
import { FileStore } from '@tus/file-store';
import { ERRORS, MemoryLocker, type Locker } from '@tus/server';
import { asc, eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { NodeRequest } from 'srvx/node';
import type { Database, DatabaseExecutor } from '../../db/connect';
import { isOutOfSpace } from '../../plugins/disks';
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
const WRITE_BATCH_BYTES = (1 << 20) + 4096;

/** O_DIRECT's alignment of offsets, lengths and memory: a page, which every block device's logical block divides. */
const DIRECT_ALIGN_BYTES = 4096;

/** Batches of one PATCH handed to the writer thread and not yet written: past this, the socket is paused. */
const BATCHES_IN_FLIGHT = 2;

/**
 * A thread that writes partial files, one of WRITER_THREADS (docs/decisions/262-upload-throughput.md):
 * an asynchronous file write costs about three times the CPU of a synchronous one (through
 * io_uring under Node 20 when decision 262 measured it, through libuv's thread pool under
 * Node 24: decision 277); a worker's synchronous writes cost only the copy, and keep the
 * event loop free. Each PATCH's writes are a session: the partial file is opened at its first
 * batch, kept open for the next, and closed when the PATCH ends; after a failed write the
 * session writes nothing more, so a later batch never lands past a gap. Each batch is a new
 * buffer, handed over and never sent back (decision 274: the reuse of decision 263 kept
 * buffers alive long enough to be promoted, which may feed the portal's bursts of full
 * collections; one traced run suggests it, others do not settle it), and freed by the thread
 * as soon as it is written and hashed (decision 277). The thread also keeps each upload's
 * running SHA-256, fed by the bytes it wrote, so the event loop only reads the socket
 * (decision 264): a hash is kept only while it holds the bytes 0..offset the file holds, from
 * the upload's first byte on; after a failed write, a restart or bytes another portal wrote,
 * it is dropped, and the digest is taken from the disk instead. Plain JavaScript run by
 * `eval`, so the bundled server needs no second file.
 */
const WRITER_SOURCE = `
const { parentPort, threadId } = require('node:worker_threads');
const { createHash, randomBytes } = require('node:crypto');
const { closeSync, constants, openSync, rmSync, writeSync } = require('node:fs');
const path = require('node:path');
const sessions = new Map();
const hashes = new Map();
const ALIGN = ${DIRECT_ALIGN_BYTES};
// Where whole aligned pages are copied to be written past the page cache; null where the file
// system refuses O_DIRECT (tmpfs before Linux 6.6, some network mounts): all through the cache.
let staging;
function stagingFor(file) {
  if (staging !== undefined) return staging;
  staging = null;
  if (!constants.O_DIRECT) return staging;
  const buffer = Buffer.allocUnsafeSlow(${WRITE_BATCH_BYTES} + 2 * ALIGN);
  // The buffer's address must be aligned too, and JavaScript cannot see it: find the first
  // offset the kernel takes, on a scratch file of our own beside the uploads.
  const probe = path.join(path.dirname(file), '.direct-probe-' + process.pid + '-' + threadId + '-' + randomBytes(4).toString('hex'));
  let fd;
  try {
    fd = openSync(probe, constants.O_WRONLY | constants.O_CREAT | constants.O_DIRECT, 0o600);
    for (let offset = 0; offset < ALIGN && staging === null; offset += 16) {
      try {
        writeSync(fd, buffer, offset, ALIGN, 0);
        staging = { buffer, offset };
      } catch (failure) {
        if (failure.code !== 'EINVAL') break;
      }
    }
  } catch {
    // no O_DIRECT here
  } finally {
    if (fd !== undefined) closeSync(fd);
    rmSync(probe, { force: true });
  }
  return staging;
}
function writeAll(fd, buffer, from, to, position) {
  for (let done = from; done < to; ) done += writeSync(fd, buffer, done, to - done, position + done - from);
}
// The pages the batch fills whole go past the page cache (decision 274): on a machine whose
// free memory the host takes back, each new page of cache costs several times the copy. The
// partial pages at either end, and everything where O_DIRECT is refused, go through the cache.
function writeBatch(open, file, bytes, position) {
  const end = position + bytes.length;
  const first = Math.ceil(position / ALIGN) * ALIGN;
  const last = Math.floor(end / ALIGN) * ALIGN;
  const direct = last - first >= ALIGN ? stagingFor(file) : null;
  if (direct && open.direct === undefined) {
    try {
      open.direct = openSync(file, constants.O_WRONLY | constants.O_DIRECT);
    } catch {
      open.direct = null;
    }
  }
  if (!direct || !open.direct) return writeAll(open.fd, bytes, 0, bytes.length, position);
  writeAll(open.fd, bytes, 0, first - position, position);
  direct.buffer.set(bytes.subarray(first - position, last - position), direct.offset);
  try {
    writeAll(open.direct, direct.buffer, direct.offset, direct.offset + last - first, first);
  } catch (failure) {
    if (failure.code !== 'EINVAL') throw failure;
    // A file system that opens with O_DIRECT and then refuses the write: through the cache from now on.
    staging = null;
    writeAll(open.fd, bytes, first - position, last - position, first);
  }
  writeAll(open.fd, bytes, last - position, bytes.length, last);
}
parentPort.on('message', ({ id, kind, session, path: file, bytes, position, upload, size }) => {
  if (kind === 'digest') {
    const state = hashes.get(upload);
    parentPort.postMessage({ id, digest: state && state.offset === size ? state.hash.copy().digest('hex') : null });
    return;
  }
  if (kind === 'forget') {
    hashes.delete(upload);
    parentPort.postMessage({ id });
    return;
  }
  let open = sessions.get(session);
  if (bytes === undefined) {
    sessions.delete(session);
    let error;
    // Each descriptor is closed even when the other's close fails; the first failure is told.
    for (const fd of open ? [open.fd, open.direct] : []) {
      if (typeof fd !== 'number') continue;
      try {
        closeSync(fd);
      } catch (failure) {
        if (error === undefined) error = failure;
      }
    }
    parentPort.postMessage({ id, ...told(error) });
    return;
  }
  if (!open) sessions.set(session, (open = {}));
  let error = open.error;
  try {
    if (error === undefined) {
      if (open.fd === undefined) open.fd = openSync(file, 'r+');
      writeBatch(open, file, bytes, position);
    }
  } catch (failure) {
    error = open.error = failure;
  }
  let state = hashes.get(upload);
  if (error === undefined && position === 0) hashes.set(upload, (state = { hash: createHash('sha256'), offset: 0 }));
  if (error === undefined && state && state.offset === position) {
    state.hash.update(bytes);
    state.offset += bytes.length;
  } else {
    hashes.delete(upload);
  }
  // The batch is spent: detaching its buffer frees the MiB now, not whenever this small
  // isolate next collects (docs/decisions/277-the-project-brings-node-24.md).
  bytes.buffer.transfer(0);
  parentPort.postMessage({ id, ...told(error) });
});
// A failure as the main thread rebuilds it: its words and its code (ENOSPC: a full disk).
function told(failure) {
  if (failure === undefined) return {};
  return { error: String(failure && failure.message), code: failure && failure.code };
}`;

/** A write met a full disk: the upload's partial file was deleted, and the whole file is needed again. */
export class UploadOutOfSpace extends Error {
  constructor(
    readonly uploadId: string,
    readonly neededBytes: number,
  ) {
    super(`upload ${uploadId} met a full disk and was deleted`);
  }
}

/**
 * Writer threads per store (decision 276): each O_DIRECT write holds its thread until the disk
 * has the bytes, about a third of the thread's time at the disk's speed; with two, one thread
 * hashes and copies while the other waits on the disk. An upload stays on the thread that
 * holds its running hash.
 */
const WRITER_THREADS = 2;

/** One writer thread, started at its first message; started again after it failed. */
class WriterThread {
  private worker: Worker | undefined;
  private next = 0;
  private readonly pending = new Map<
    number,
    { resolve: (digest: string | null) => void; reject: (error: Error) => void }
  >();
  /** Whether the thread runs now (one that stopped holds no hash). */
  get running(): boolean {
    return this.worker !== undefined;
  }

  send(message: object, transfer: ArrayBuffer[]): Promise<string | null> {
    const worker = (this.worker ??= this.start());
    const id = this.next++;
    return new Promise<string | null>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id }, transfer);
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
    type Answer = { id: number; error?: string; code?: string; digest?: string | null };
    worker.on('message', ({ id, error, code, digest }: Answer) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) waiting?.resolve(digest ?? null);
      else waiting?.reject(Object.assign(new Error(error), { code }));
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

/** The writes of one PATCH into its upload's partial file, through one descriptor, on the upload's thread. */
interface WriteSession {
  /**
   * Writes `bytes` (a view of a buffer from FileWriter.batch(), handed over: the caller must
   * not use it again) at `position` of the partial file, and into the upload's running hash.
   */
  write(bytes: Buffer, position: number): Promise<void>;
  /** Closes the file, once the session's writes are done. */
  end(): Promise<void>;
}

/**
 * Writes batches of bytes into partial files on the writer threads, each upload on one
 * thread: the first the upload is written to takes it, and keeps it until forget().
 */
class FileWriter {
  private readonly threads = Array.from({ length: WRITER_THREADS }, () => new WriterThread());
  private readonly owners = new Map<string, WriterThread>();
  private nextSession = 0;

  /** A new, empty batch buffer of WRITE_BATCH_BYTES. */
  batch(): Buffer {
    return Buffer.allocUnsafeSlow(WRITE_BATCH_BYTES);
  }

  /** A new session: the writes of one PATCH into `upload`'s partial `file`. */
  session(upload: string, file: string): WriteSession {
    const thread = this.threadOf(upload);
    const session = this.nextSession++;
    return {
      write: async (bytes, position) => {
        await thread.send({ session, upload, path: file, bytes, position }, [bytes.buffer as ArrayBuffer]);
      },
      end: async () => {
        await thread.send({ session }, []);
      },
    };
  }

  /** The SHA-256 of the upload's first `size` bytes as written, or null when no thread holds such a hash. */
  async digest(upload: string, size: number): Promise<string | null> {
    return (await this.owners.get(upload)?.send({ kind: 'digest', upload, size }, [])) ?? null;
  }

  /** Drops the upload's running hash (its files are gone). */
  async forget(upload: string): Promise<void> {
    const thread = this.owners.get(upload);
    if (!thread) return;
    this.owners.delete(upload);
    if (thread.running) await thread.send({ kind: 'forget', upload }, []);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.close()));
  }

  /** The upload's thread: the one that has it, else the one with the fewest uploads. */
  private threadOf(upload: string): WriterThread {
    let thread = this.owners.get(upload);
    if (!thread) {
      const uploadsOf = (candidate: WriterThread) =>
        [...this.owners.values()].filter((owner) => owner === candidate).length;
      thread = this.threads.reduce((fewest, candidate) =>
        uploadsOf(candidate) < uploadsOf(fewest) ? candidate : fewest,
      );
      this.owners.set(upload, thread);
    }
    return thread;
  }
}

/**
 * Frees a socket's piece of a body once it is copied, when the piece is the whole of its
 * memory (as each read of the socket is: nothing else can see that memory), rather than when
 * the main isolate next collects: at the disk's speed, a GiB's 64 KiB pieces held about 90 MiB
 * between collections (docs/decisions/277-the-project-brings-node-24.md).
 */
function freeIfAlone(piece: Buffer): void {
  const memory = piece.buffer;
  if (memory instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === memory.byteLength) {
    memory.transfer(0);
  }
}

/** A PATCH holding its upload's lock: its body, read straight from the socket, and the signal that ends its turn. */
interface HeldBody {
  body: IncomingMessage;
  stop: AbortSignal;
}

/**
 * The tus file store, with every byte written passing through a running SHA-256 kept per
 * upload by its writer thread. Only a hash that holds every byte from the first one on is
 * trusted: after a restart, a write that failed part-way, or bytes another portal received,
 * the digest is taken by reading the partial file (streamed, so memory stays flat).
 * Deferred lengths and tus's own expiry are left out: a length is required at creation, and
 * abandoned uploads are swept by their last write (sweepAbandonedUploads).
 *
 * A PATCH's body does not go through the tus server's streams (decision 263): the route hands
 * tus a request without a body (patchRequest) and the raw Node request to this store, which
 * reads it while that PATCH holds the upload's lock (lockerFor), so two PATCHes of one upload
 * never mix their bytes. Everything else (headers, offsets, locks, creation, HEAD, DELETE,
 * the finish hook) is the tus server's as before.
 */
export class HashingFileStore extends FileStore {
  private readonly writer = new FileWriter();
  /** The PATCHes whose body this store reads itself, by the request handed to tus. */
  private readonly bodies = new WeakMap<Request, IncomingMessage>();
  /** The body of the PATCH holding each upload's lock. */
  private readonly held = new Map<string, HeldBody>();
  private readonly locks = new MemoryLocker();

  constructor(readonly folder: string) {
    super({ directory: folder });
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** The partial file of an upload (tus IDs are hex: no path can leave the folder). */
  pathOf(id: string): string {
    return path.join(this.folder, id);
  }

  /**
   * The request to hand the tus server for a PATCH: its headers, no body (tus reads none),
   * while this store reads `raw` when the PATCH holds the upload's lock.
   */
  patchRequest(raw: IncomingMessage, response: ServerResponse): Request {
    const request = new NodeRequest({ req: raw, res: response });
    Object.defineProperty(request, 'body', { value: null });
    this.bodies.set(request, raw);
    return request;
  }

  /**
   * The tus server's locker for a request (its `locker` option): tus's own in-memory locks,
   * which also note the body of a PATCH from patchRequest while it holds its upload's lock.
   */
  lockerFor(request: Request): Locker {
    const body = this.bodies.get(request);
    if (!body) return this.locks;
    return {
      newLock: (id) => {
        const lock = this.locks.newLock(id);
        return {
          lock: async (stop, release) => {
            await lock.lock(stop, release);
            this.held.set(id, { body, stop });
          },
          unlock: async () => {
            if (this.held.get(id)?.body === body) this.held.delete(id);
            await lock.unlock();
          },
        };
      },
    };
  }

  /**
   * Receives a PATCH's bytes: into batches of WRITE_BATCH_BYTES (the socket hands over 64 KiB
   * pieces: a write each cost more than the bytes), each batch into the running hash and onto
   * the partial file by the writer thread while the next is gathered. The body is the PATCH's
   * own socket when the route handed it over (patchRequest), else `readable` (tus's stream: a
   * creation with its first bytes). Should the request end early (a dropped connection, or
   * the lock asked for by a newer request), what arrived is written all the same, so a resume
   * re-sends only what never reached the portal. More bytes than the upload has left: 413.
   */
  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const held = this.held.get(id);
    let source = readable;
    let limit = Infinity;
    if (held) {
      // tus's own stream of the body is empty: let it end.
      readable.resume();
      source = held.body;
      limit = await this.bytesLeft(held.body, id, offset);
    }
    const file = this.pathOf(id);
    const session = this.writer.session(id, file);
    const writes: Promise<void>[] = [];
    let inFlight = 0;
    let position = offset;
    // Taken when the first byte for it comes: a batch taken ahead, at the end of each PATCH,
    // was a MiB of garbage per PATCH (decision 277).
    let batch: Buffer | undefined;
    let filled = 0;
    let paused = false;
    let ended = false;
    const handOff = () => {
      if (batch === undefined || filled === 0) return;
      const bytes = batch.subarray(0, filled);
      const at = position;
      position += filled;
      batch = undefined;
      filled = 0;
      inFlight++;
      const written = session.write(bytes, at).finally(() => {
        inFlight--;
        if (paused && !ended) {
          paused = false;
          source.resume();
        }
      });
      // Awaited below: marked handled meanwhile, so a failure is thrown there, not at large.
      written.catch(() => {});
      writes.push(written);
      if (inFlight >= BATCHES_IN_FLIGHT && !ended) {
        paused = true;
        source.pause();
      }
    };
    let failure: unknown;
    try {
      await new Promise<void>((resolve, reject) => {
        let received = 0;
        const onData = (piece: Buffer) => {
          received += piece.length;
          // The piece past the upload's length is not kept, as tus's own limit did.
          if (received > limit) return done(ERRORS.ERR_SIZE_EXCEEDED);
          for (let at = 0; at < piece.length;) {
            batch ??= this.writer.batch();
            const copied = piece.copy(batch, filled, at);
            filled += copied;
            at += copied;
            if (filled === WRITE_BATCH_BYTES) handOff();
          }
          freeIfAlone(piece);
        };
        // From the socket, an error is the connection lost: the bytes in are kept. From tus's stream, it is its refusal.
        const onError = (error: unknown) => done(held ? undefined : error);
        const onStop = () => done();
        const onEnd = () => done();
        const done = (error?: unknown) => {
          if (ended) return;
          ended = true;
          source.off('data', onData);
          source.off('end', onEnd);
          source.off('close', onEnd);
          source.off('error', onError);
          held?.stop.removeEventListener('abort', onStop);
          if (error === undefined) resolve();
          else reject(error);
        };
        source.on('data', onData);
        source.once('end', onEnd);
        source.once('close', onEnd);
        source.once('error', onError);
        held?.stop.addEventListener('abort', onStop, { once: true });
        if (held?.stop.aborted || source.readableEnded || source.destroyed) done();
      });
    } catch (error) {
      failure = error;
    }
    // Also after a refusal: the bytes received reach the disk and the hash. Should a write
    // fail, the thread drops the hash, and the digest is taken from the disk.
    handOff();
    const outcomes = await Promise.allSettled(writes);
    await session.end();
    const failed = outcomes.find((outcome) => outcome.status === 'rejected');
    if (failed && isOutOfSpace(failed.reason)) {
      // It can no longer complete where it is: deleted, so that its space comes back at once.
      const { size } = await this.getUpload(id);
      await this.remove(id);
      throw new UploadOutOfSpace(id, size ?? position);
    }
    if (failure !== undefined) throw failure;
    if (failed) throw failed.reason;
    return position;
  }

  override async remove(id: string): Promise<void> {
    await this.forget(id);
    await super.remove(id);
  }

  /**
   * The SHA-256 an upload's bytes must have, as its metadata holds it now: given at creation, or
   * named since by a claim (nameSha256); undefined while nothing names it. Read from the upload's
   * record each time, since a claim may name it while a PATCH that read the record is under way.
   */
  async namedSha256(id: string): Promise<string | undefined> {
    const record = await this.configstore.get(id);
    return record?.metadata?.[UPLOAD_METADATA_KEYS.sha256] ?? undefined;
  }

  /**
   * Names the SHA-256 an upload's bytes must have, in its record beside the partial file
   * (decision 282). The record is replaced by a rename, never rewritten in place: a PATCH or
   * HEAD reading it meanwhile would take a half-written record for no upload (404).
   */
  async nameSha256(id: string, sha256: string): Promise<void> {
    const record = await this.configstore.get(id);
    if (!record) throw ERRORS.FILE_NOT_FOUND;
    record.metadata = { ...record.metadata, [UPLOAD_METADATA_KEYS.sha256]: sha256 };
    const named = path.join(this.folder, `${id}.naming-${randomBytes(4).toString('hex')}`);
    try {
      await writeFile(named, JSON.stringify(record));
      await rename(named, path.join(this.folder, `${id}.json`));
    } finally {
      await rm(named, { force: true });
    }
  }

  /** Stops the writer threads (the app closes). */
  async close(): Promise<void> {
    await this.writer.close();
  }

  /** Forgets an upload's hash (its files were swept). */
  async forget(id: string): Promise<void> {
    // A writer thread that stopped holds no hash any more.
    await this.writer.forget(id).catch(() => {});
  }

  /**
   * The SHA-256 of an upload's first `size` bytes: all of them, once it is complete. The
   * writer thread's running hash when it holds them (a copy: should the finish fail, a retry
   * digests the same state again), else read from the partial file.
   */
  async digestOf(id: string, size: number): Promise<string> {
    return (await this.writer.digest(id, size)) ?? (await this.digestFromDisk(id, size));
  }

  /**
   * The bytes a PATCH may send: its Content-Length (tus refused it already when that is more
   * than the upload has left), or, for a chunked body, what the upload has left.
   */
  private async bytesLeft(body: IncomingMessage, id: string, offset: number): Promise<number> {
    const stated = body.headers['content-length'];
    if (stated !== undefined) return Number(stated);
    return ((await this.getUpload(id)).size ?? 0) - offset;
  }

  private async digestFromDisk(id: string, size: number): Promise<string> {
    const { sha256, sizeBytes } = await fileSha256(this.pathOf(id));
    if (sizeBytes !== size) throw new Error(`upload ${id} holds ${sizeBytes} bytes, not ${size}`);
    return sha256;
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
