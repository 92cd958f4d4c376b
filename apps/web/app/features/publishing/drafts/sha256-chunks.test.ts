import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_CHUNK_BYTES } from './file-hash';
import { sha256OfChunks } from './sha256-chunks';

describe('the hashing worker’s SHA-256', () => {
  it('hashes a file a chunk at a time with WebAssembly to the SHA-256 of its bytes, reporting the bytes read', async () => {
    const bytes = new Uint8Array(2 * HASH_CHUNK_BYTES + 12_345).map((_, index) => (index * 31) % 251);
    const read: number[] = [];
    const sha256 = await sha256OfChunks(new Blob([bytes]), (bytesRead) => read.push(bytesRead));
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(read).toEqual([HASH_CHUNK_BYTES, 2 * HASH_CHUNK_BYTES, bytes.length]);
    expect(await sha256OfChunks(new Blob([]), () => undefined)).toBe(createHash('sha256').digest('hex'));
  });
});
