import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES, hashFile, uploadFailureMessage } from './file-upload';

describe('a draft file in the browser', () => {
  it('hashes a file a chunk at a time to the SHA-256 of its bytes, reporting the bytes read', async () => {
    const bytes = new Uint8Array(2 * CHUNK_BYTES + 12_345).map((_, index) => (index * 31) % 251);
    const read: number[] = [];
    const sha256 = await hashFile(new Blob([bytes]), (bytesRead) => read.push(bytesRead));
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(read).toEqual([CHUNK_BYTES, 2 * CHUNK_BYTES, bytes.length]);
    expect(await hashFile(new Blob([]), () => undefined)).toBe(createHash('sha256').digest('hex'));
  });

  it('says why an upload failed: the server’s own message, its status, or how far a lost connection got', () => {
    const answered = (status: number, body: string) => ({
      originalResponse: { getStatus: () => status, getBody: () => body },
    });
    expect(uploadFailureMessage(answered(400, '{"message":"The uploaded bytes have another SHA-256."}'), 5, 10)).toBe(
      'The uploaded bytes have another SHA-256.',
    );
    expect(uploadFailureMessage(answered(502, '<html>Bad gateway</html>'), 5, 10)).toBe(
      'The upload was refused (HTTP status code 502).',
    );
    expect(uploadFailureMessage(new Error('xhr error'), 8_388_608, 50_000_000)).toBe(
      'The connection was lost after 8.4 MB of 50 MB. Choose the file again to resume.',
    );
  });
});
