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
import { Transform, type Readable } from 'node:stream';
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

  constructor(readonly folder: string) {
    super({ directory: folder });
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  /** The partial file of an upload (tus IDs are hex: no path can leave the folder). */
  pathOf(id: string): string {
    return path.join(this.folder, id);
  }

  override async write(readable: Readable, id: string, offset: number): Promise<number> {
    const running = await this.hashAt(id, offset);
    const hashing = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        running.hash.update(chunk);
        running.offset += chunk.length;
        callback(null, chunk);
      },
    });
    // Should the write fail part-way, fewer bytes may reach the disk than were hashed: the
    // offsets then differ, and the next write rebuilds the hash from what the disk holds.
    readable.on('error', (error) => hashing.destroy(error));
    return super.write(readable.pipe(hashing), id, offset);
  }

  override async remove(id: string): Promise<void> {
    this.running.delete(id);
    await super.remove(id);
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
