import { createSHA256 } from 'hash-wasm';
import { HASH_CHUNK_BYTES } from './file-hash';

// Only the hashing worker (sha256-worker.ts) and the tests load the WebAssembly hasher.

/** Reads `file` a chunk at a time (never whole in memory) into the WebAssembly SHA-256, reporting the bytes read. */
export async function sha256OfChunks(file: Blob, onProgress: (bytesRead: number) => void): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  for (let offset = 0; offset < file.size; offset += HASH_CHUNK_BYTES) {
    hasher.update(new Uint8Array(await file.slice(offset, offset + HASH_CHUNK_BYTES).arrayBuffer()));
    onProgress(Math.min(offset + HASH_CHUNK_BYTES, file.size));
  }
  return hasher.digest('hex');
}
