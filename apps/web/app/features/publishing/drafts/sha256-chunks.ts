import { createSHA256 } from 'hash-wasm';
import { HASH_CHUNK_BYTES } from './file-hash';

// Only the hashing worker (sha256-worker.ts) and the tests load the WebAssembly hasher.

/**
 * Reads `file` a chunk at a time (never whole in memory) into the WebAssembly SHA-256,
 * reporting the bytes read. The next chunk is read while this one is hashed: reading a File
 * goes through the browser's own process, and overlapped it costs almost nothing.
 */
export async function sha256OfChunks(file: Blob, onProgress: (bytesRead: number) => void): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  const read = (offset: number) => file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer();
  let next = file.size > 0 ? read(0) : undefined;
  for (let offset = 0; next; offset += HASH_CHUNK_BYTES) {
    const chunk = await next;
    next = offset + HASH_CHUNK_BYTES < file.size ? read(offset + HASH_CHUNK_BYTES) : undefined;
    hasher.update(new Uint8Array(chunk));
    onProgress(Math.min(offset + HASH_CHUNK_BYTES, file.size));
  }
  return hasher.digest('hex');
}
