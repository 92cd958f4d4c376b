import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

/** The bytes of each read: one buffer, read into again and again, so hashing makes no garbage. */
const READ_BYTES = 1 << 20;

/**
 * Node only (`@portal/contracts/node/file-sha256`; the web app never imports it): the SHA-256
 * of a file as the portal names files, read in 1 MiB pieces into one buffer, so a large
 * installer is never whole in memory and the memory stays flat however many files are hashed
 * at once. The import (apps/api) and portal-publish (packages/publish-cli) both hash with it.
 * `onBytes` hears the bytes read so far after each read.
 */
export async function fileSha256(
  location: string,
  onBytes?: (doneBytes: number) => void,
): Promise<{ sha256: string; sizeBytes: number }> {
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
