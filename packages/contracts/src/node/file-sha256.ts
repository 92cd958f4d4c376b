import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { open } from 'node:fs/promises';

/** The bytes of each read: one buffer, read into again and again, so hashing makes no garbage. */
const READ_BYTES = 1 << 20;

interface FileSha256 {
  sha256: string;
  sizeBytes: number;
}

/**
 * The one loop of a file's streamed SHA-256, whoever reads: it yields the buffer to read the
 * next piece into and is given how many bytes were read (0 at the end).
 */
function* sha256OfPieces(onBytes?: (doneBytes: number) => void): Generator<Buffer, FileSha256, number> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  let sizeBytes = 0;
  for (;;) {
    const bytesRead = yield buffer;
    if (bytesRead === 0) break;
    hash.update(buffer.subarray(0, bytesRead));
    sizeBytes += bytesRead;
    onBytes?.(sizeBytes);
  }
  return { sha256: hash.digest('hex'), sizeBytes };
}

/**
 * Node only (`@portal/contracts/node/file-sha256`; the web app never imports it): the SHA-256
 * of a file as the portal names files, read in 1 MiB pieces into one buffer, so a large
 * installer is never whole in memory and the memory stays flat however many files are hashed
 * at once. The import (apps/api) hashes with it on its event loop; `onBytes` hears the bytes
 * read so far after each read.
 */
export async function fileSha256(location: string, onBytes?: (doneBytes: number) => void): Promise<FileSha256> {
  const pieces = sha256OfPieces(onBytes);
  const file = await open(location, 'r');
  try {
    for (let step = pieces.next(); ;) {
      if (step.done) return step.value;
      step = pieces.next((await file.read(step.value, 0, READ_BYTES, null)).bytesRead);
    }
  } finally {
    await file.close();
  }
}

/**
 * fileSha256 for a thread that may block (a worker thread, never a serving event loop): the
 * same hash, read with `readSync`. An asynchronous read costs several times the CPU of the
 * copy itself (512 MiB from the page cache in 64 KiB reads: 0.3 CPU-s, against 0.03 with
 * `readSync`, on Node 24 as on 20; docs/decisions/265-portal-publish-reads-and-sends-without-garbage.md, 277).
 */
export function fileSha256Sync(location: string): FileSha256 {
  const pieces = sha256OfPieces();
  const fd = openSync(location, 'r');
  try {
    for (let step = pieces.next(); ;) {
      if (step.done) return step.value;
      step = pieces.next(readSync(fd, step.value, 0, READ_BYTES, null));
    }
  } finally {
    closeSync(fd);
  }
}
