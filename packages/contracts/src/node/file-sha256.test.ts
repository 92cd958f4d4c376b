import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSha256, fileSha256Sync } from './file-sha256';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'file-sha256-'));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a file’s SHA-256, read in pieces', () => {
  it('is the SHA-256 and size of the whole file, read on the event loop or blocking alike', async () => {
    // Two and a half pieces and three bytes: the last read is a short one.
    for (const bytes of [randomBytes(2.5 * (1 << 20) + 3), Buffer.alloc(0)]) {
      const location = path.join(folder, `file-${bytes.length}`);
      await writeFile(location, bytes);
      const expected = { sha256: createHash('sha256').update(bytes).digest('hex'), sizeBytes: bytes.length };
      expect(await fileSha256(location)).toEqual(expected);
      expect(fileSha256Sync(location)).toEqual(expected);
    }
  });

  it('refuses a file that is not there', async () => {
    const missing = path.join(folder, 'missing');
    await expect(fileSha256(missing)).rejects.toThrow(/ENOENT/);
    expect(() => fileSha256Sync(missing)).toThrow(/ENOENT/);
  });
});
