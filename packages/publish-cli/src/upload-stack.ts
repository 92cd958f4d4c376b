import { closeSync, openSync, readSync } from 'node:fs';
import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { HttpRequest, HttpResponse, HttpStack } from 'tus-js-client';
import type { LocalFile } from './manifest';

/**
 * How portal-publish's tus uploads read and send a file
 * (docs/decisions/265-portal-publish-reads-and-sends-without-garbage.md). tus-js-client keeps
 * the protocol: the upload's creation, the 8 MiB PATCHes, the HEAD after a dropped connection
 * and the retries. What a PATCH carries is a FileRange, a place in the file and a length, and
 * this stack sends it: read with readSync into two reused 1 MiB buffers, each read again only
 * once the socket has taken it. No bytes go through io_uring or the thread pool, and a GiB sent
 * allocates no buffers, so the garbage collector's threads have nothing to do.
 */

/** The bytes of each read and socket write. */
const PIECE_BYTES = 1 << 20;

/**
 * Buffers a finished PATCH left, for the next: a new 1 MiB buffer is fresh memory from the
 * system, whose pages the kernel faults in one by one as a read fills them, and external
 * memory that makes V8 collect sooner. At most two per file sent at once are ever made.
 */
const spareBuffers: Buffer[] = [];

/** A file shorter on the disk than the range a PATCH sends of it: it changed after it was hashed. */
export class FileShortened extends Error {
  constructor() {
    super('It changed on the disk while it was sent: it is shorter than when it was hashed.');
  }
}

/** A part of a file on disk, the body of one PATCH: read only as it is sent. */
export class FileRange {
  constructor(
    readonly location: string,
    readonly start: number,
    /** tus-js-client reads `size` of a body. */
    readonly size: number,
  ) {}
}

/** tus-js-client's source for a file on disk (its `fileReader` option): each slice a FileRange. */
export const fileReader = {
  openFile(file: LocalFile) {
    return Promise.resolve({
      size: file.sizeBytes,
      slice(start: number, end: number) {
        const last = Math.min(end, file.sizeBytes);
        return Promise.resolve({
          value: new FileRange(file.location, start, Math.max(0, last - start)),
          done: last >= file.sizeBytes,
        });
      },
      close() {},
    });
  },
};

/** tus-js-client's `httpStack` option: requests by node:http(s), PATCH bodies sent from their FileRange. */
export const uploadHttpStack: HttpStack = {
  createRequest: (method, url) => new UploadRequest(method, url),
  getName: () => 'portal-publish',
};

class UploadRequest implements HttpRequest {
  private readonly headers: Record<string, string> = {};
  private onProgress: (bytesSent: number) => void = () => {};
  private request: ClientRequest | undefined;

  constructor(
    private readonly method: string,
    private readonly url: string,
  ) {}

  getMethod() {
    return this.method;
  }
  getURL() {
    return this.url;
  }
  setHeader(header: string, value: string) {
    this.headers[header] = value;
  }
  getHeader(header: string) {
    return this.headers[header];
  }
  setProgressHandler(handler: (bytesSent: number) => void) {
    this.onProgress = handler;
  }
  getUnderlyingObject() {
    return this.request;
  }
  abort() {
    this.request?.destroy();
    return Promise.resolve();
  }

  send(body: FileRange | null = null): Promise<HttpResponse> {
    return new Promise((resolve, reject) => {
      const url = new URL(this.url);
      const headers = body ? { ...this.headers, 'content-length': String(body.size) } : this.headers;
      // The global agents keep connections alive (Node ≥ 19): each file's PATCHes reuse one.
      const request = (url.protocol === 'https:' ? https : http).request(url, { method: this.method, headers });
      this.request = request;
      request.on('error', reject);
      request.once('response', (response: IncomingMessage) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.once('end', () => resolve(new UploadResponse(response, Buffer.concat(chunks).toString('utf8'))));
        // An answer cut short is a dropped connection too (a no-op once it ended).
        response.once('close', () => reject(new Error('The connection closed before the portal’s answer ended.')));
      });
      if (!body) {
        request.end();
        return;
      }
      sendRange(request, body, this.onProgress).catch((error: unknown) => {
        request.destroy();
        reject(error instanceof Error ? error : new Error(String(error)));
      });
    });
  }
}

class UploadResponse implements HttpResponse {
  constructor(
    private readonly response: IncomingMessage,
    private readonly body: string,
  ) {}

  getStatus() {
    return this.response.statusCode ?? 0;
  }
  getHeader(header: string) {
    const value = this.response.headers[header.toLowerCase()];
    return Array.isArray(value) ? value.join(', ') : value;
  }
  getBody() {
    return this.body;
  }
  getUnderlyingObject() {
    return this.response;
  }
}

/**
 * Writes the range to the request in PIECE_BYTES pieces from two buffers: one is read while the
 * other is on its way, and a buffer is read into again only after the socket took it (its
 * write's callback). Stops when the request closes early (a dropped connection, an answer
 * before the body's end).
 */
async function sendRange(request: ClientRequest, range: FileRange, onProgress: (bytesSent: number) => void) {
  const closed = new Promise<never>((_, reject) =>
    request.once('close', () => reject(new Error('The connection closed while the file was sent.'))),
  );
  closed.catch(() => {});
  const pieces = [0, 1].map(() => ({
    buffer: spareBuffers.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES),
    taken: Promise.resolve(),
  }));
  let sent = 0;
  const fd = openSync(range.location, 'r');
  try {
    for (let offset = 0, turn = 0; offset < range.size; turn ^= 1) {
      const piece = pieces[turn]!;
      await Promise.race([piece.taken, closed]);
      const { buffer } = piece;
      const bytesRead = readSync(fd, buffer, 0, Math.min(PIECE_BYTES, range.size - offset), range.start + offset);
      if (bytesRead === 0) throw new FileShortened();
      offset += bytesRead;
      piece.taken = new Promise<void>((resolve, reject) => {
        request.write(buffer.subarray(0, bytesRead), (error) => {
          if (error) return reject(error);
          sent += bytesRead;
          onProgress(sent);
          resolve();
        });
      });
      piece.taken.catch(() => {});
    }
    await Promise.race([Promise.all(pieces.map((piece) => piece.taken)), closed]);
    // Both taken by the socket: the next PATCH may read into them. (After an early close, a
    // write may still hold one: those are left to the collector.)
    for (const { buffer } of pieces) spareBuffers.push(buffer);
    request.end();
  } finally {
    closeSync(fd);
  }
}
