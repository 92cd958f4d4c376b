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
 * Node only (`@portal/contracts/node/file-sha256`; the web app never imports it): the SHA-256
 * of a file as the portal names files, read in 1 MiB pieces into one buffer, so a large
 * installer is never whole in memory and the memory stays flat however many files are hashed
 * at once. The import (apps/api) hashes with it on its event loop; `onBytes` hears the bytes
 * read so far after each read.
 */
export async function fileSha256(location: string, onBytes?: (doneBytes: number) => void): Promise<FileSha256> {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  const file = await open(location, 'r');
  let sizeBytes = 0;
  try {
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, READ_BYTES, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      sizeBytes += bytesRead;
      onBytes?.(sizeBytes);
    }
  } finally {
    await file.close();
  }
  return { sha256: hash.digest('hex'), sizeBytes };
}

/**
 * fileSha256 for a thread that may block (a worker thread, never a serving event loop): the
 * same hash, read with `readSync`. Node 20's asynchronous reads go through io_uring or the
 * libuv thread pool, which cost several times the CPU of the copy itself
 * (docs/decisions/265-portal-publish-reads-and-sends-without-garbage.md).
 */
export function fileSha256Sync(location: string): FileSha256 {
  const hash = createHash('sha256');
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  const fd = openSync(location, 'r');
  let sizeBytes = 0;
  try {
    for (;;) {
      const bytesRead = readSync(fd, buffer, 0, READ_BYTES, null);
      if (bytesRead === 0) break;
      hash.update(buffer.subarray(0, bytesRead));
      sizeBytes += bytesRead;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: hash.digest('hex'), sizeBytes };
}
