import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ByteRange } from '../blob-store';

/**
 * The one place that reads If-None-Match, Range and If-Range (docs/decisions/100-one-owner-per-policy.md).
 * Every answer with a file's bytes comes through here: published files and firmware
 * update.zip in any delivery mode, the firmware metadata, signature and key, the maker's
 * logo, the web app's pages and assets.
 */

/** How an answer's cache validator and freshness are named, on the 200 and on the 304 alike. */
export interface Validator {
  /** A strong ETag, quoted (`"…"`). */
  etag: string;
  cacheControl: string;
  /**
   * When the answer last changed, for clients that revalidate with If-Modified-Since (feed
   * readers do): sent as Last-Modified. If-None-Match, when present, decides alone (RFC 9110 §13.1.3).
   */
  lastModified?: Date;
}

/**
 * 304 when If-None-Match names `etag` (or `*`): the answer carries the ETag and
 * Cache-Control, no body. True when answered so; the caller sends nothing more.
 */
export function answeredNotModified(
  request: FastifyRequest,
  reply: FastifyReply,
  { etag, cacheControl, lastModified }: Validator,
) {
  const ifNoneMatch = request.headers['if-none-match'];
  const notModified =
    ifNoneMatch !== undefined
      ? matchesEtag(ifNoneMatch, etag)
      : lastModified !== undefined && notModifiedSince(request.headers['if-modified-since'], lastModified);
  if (!notModified) return false;
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (lastModified) reply.header('last-modified', lastModified.toUTCString());
  reply.status(304).send();
  return true;
}

/** If-Modified-Since: true when the header is a date at or after `lastModified` (to the second); a garbled date is ignored. */
function notModifiedSince(header: string | undefined, lastModified: Date): boolean {
  if (!header) return false;
  const since = Date.parse(header);
  return !Number.isNaN(since) && Math.floor(lastModified.getTime() / 1000) <= Math.floor(since / 1000);
}

/** Who compares If-Range with the ETag the client holds: the portal, or the sender it hands off to (a bucket has ETags of its own). */
export type IfRangeJudge = 'portal' | 'sender';

/**
 * What a file's answer must do before its bytes: 304 for a matching If-None-Match, 416
 * for a range outside the file (both answered here: undefined). Otherwise the byte range
 * to deliver (undefined: the whole file). A Range whose If-Range names another ETag (the
 * file changed since the client's first part) gets the whole file, unless `ifRange` is
 * `'sender'`: then the Range goes on as it is and the sender decides.
 */
export function checkConditions(
  request: FastifyRequest,
  reply: FastifyReply,
  validator: Validator,
  sizeBytes: number,
  ifRange: IfRangeJudge = 'portal',
): { range: ByteRange | undefined } | undefined {
  if (answeredNotModified(request, reply, validator)) return undefined;
  let range = parseRange(request.headers.range, sizeBytes);
  const ifRangeHeader = request.headers['if-range'];
  if (range && ifRange === 'portal' && ifRangeHeader !== undefined && ifRangeHeader !== validator.etag) {
    range = undefined;
  }
  if (range === 'unsatisfiable') {
    reply
      .status(416)
      .header('content-range', `bytes */${sizeBytes}`)
      .send({ message: 'The requested range is outside the file.' });
    return undefined;
  }
  return { range };
}

/**
 * A small file held in memory (firmware metadata, its signature and key; the maker's
 * logo): its ETag, Cache-Control and `headers` on every answer, 304 for a matching
 * If-None-Match (or, without one, If-Modified-Since when `lastModified` is given), else the
 * bytes as `contentType`. No ranges: they are a few kilobytes.
 */
export function sendFromMemory(
  request: FastifyRequest,
  reply: FastifyReply,
  {
    body,
    contentType,
    headers = {},
    ...validator
  }: Validator & { body: Buffer | string; contentType: string; headers?: Record<string, string> },
) {
  reply.header('etag', validator.etag).header('cache-control', validator.cacheControl).headers(headers);
  if (validator.lastModified) reply.header('last-modified', validator.lastModified.toUTCString());
  if (answeredNotModified(request, reply, validator)) return reply;
  return reply.header('content-type', contentType).send(body);
}

/** One byte range (`bytes=a-b`, `bytes=a-`, `bytes=-n`); several ranges or a malformed header get the whole file. */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  let start: number;
  let end: number;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    if (end < start && match[2] !== '') return undefined;
  }
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** If-None-Match: does the header name this ETag (or `*`)? */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.trim() === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
