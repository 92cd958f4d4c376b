import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, truncate, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FileRange, FileShortened, uploadHttpStack } from './upload-stack';

const MiB = 1 << 20;
let folder: string;
let server: Server;
let url: string;
/** What the server received, per request path: the Content-Length header and the body. */
const received = new Map<string, { contentLength: string | undefined; body: Buffer }>();

beforeAll(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'portal-publish-stack-'));
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.set(request.url!, { contentLength: request.headers['content-length'], body: Buffer.concat(chunks) });
      response.writeHead(204, { 'upload-offset': String(Buffer.concat(chunks).length) }).end();
    });
    request.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(folder, { recursive: true, force: true });
});

describe('the upload stack portal-publish gives tus-js-client', () => {
  it('sends exactly each range of the file, four PATCHes at once, and reports their progress to the end', async () => {
    const bytes = randomBytes(21 * MiB);
    const location = path.join(folder, 'installer.zip');
    await writeFile(location, bytes);
    // Ranges of 5 MiB and 3 bytes from odd offsets, sent at once: their pieces never mix.
    const ranges = [0, 1, 2, 3].map((n) => new FileRange(location, n * (5 * MiB + 1), 5 * MiB + 3));
    const progress = ranges.map(() => [] as number[]);
    const responses = await Promise.all(
      ranges.map((range, n) => {
        const request = uploadHttpStack.createRequest('PATCH', `${url}/files/${n}`);
        request.setHeader('Upload-Offset', String(range.start));
        request.setProgressHandler((sent) => progress[n]!.push(sent));
        return request.send(range);
      }),
    );
    for (const [n, range] of ranges.entries()) {
      expect(responses[n]!.getStatus()).toBe(204);
      expect(responses[n]!.getHeader('Upload-Offset')).toBe(String(range.size));
      const got = received.get(`/files/${n}`)!;
      expect(got.contentLength).toBe(String(range.size));
      expect(got.body.equals(bytes.subarray(range.start, range.start + range.size))).toBe(true);
      expect(progress[n]!.at(-1)).toBe(range.size);
    }
  });

  it('sends a request without a body, and refuses a file shorter than its range without hanging', async () => {
    const head = await uploadHttpStack.createRequest('HEAD', `${url}/files/head`).send(null);
    expect(head.getStatus()).toBe(204);

    const location = path.join(folder, 'shrinking.zip');
    await writeFile(location, randomBytes(3 * MiB));
    const range = new FileRange(location, 0, 3 * MiB);
    await truncate(location, MiB + 7);
    await expect(uploadHttpStack.createRequest('PATCH', `${url}/files/short`).send(range)).rejects.toBeInstanceOf(
      FileShortened,
    );
    expect(received.has('/files/short')).toBe(false);
  });
});
