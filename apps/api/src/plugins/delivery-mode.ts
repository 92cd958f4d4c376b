import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FileDeliveryMode } from '../config/config';
import type { BlobStore } from './blob-store';
import type { FileRecord } from './catalogue/catalogue-snapshot';
import { answerConditions, presentationHeaders, sendFile, type SendFileOptions } from './file-delivery';
import type { S3BlobStore } from './s3-blob-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** How a checked request for a file gets its bytes (FILE_DELIVERY), chosen once at start-up. */
    fileDelivery: FileDelivery;
  }
}

/**
 * A presigned GET lives five minutes (docs/decisions/092-file-delivery-modes.md): a client
 * follows a 303 within a second, S3 checks the expiry only when a request starts (a long
 * download runs on), and a resumed download comes back through its portal link (one hour)
 * for a fresh URL. Anyone who sees the URL (a proxy log, a shared screenshot) has at most
 * five minutes, and the portal has recorded every download that got one.
 */
export const PRESIGNED_GET_SECONDS = 5 * 60;

/**
 * What a file's answer covers: `bytes` the client is sent (or is sent to fetch), and
 * whether it continues a download (a satisfiable Range whose If-Range, if any, matched).
 */
export type DeliveryFinished = (bytes: number, ranged: boolean) => void;

export interface FileDelivery {
  /**
   * Answers a request for `file` whose link (if it has one) has been checked: 304 for a
   * matching If-None-Match, 416 for a range outside the file, otherwise the bytes by the
   * configured mode. `onFinished` is called once for an answer that delivers bytes.
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    file: FileRecord,
    onFinished: DeliveryFinished,
    options?: SendFileOptions,
  ): Promise<FastifyReply>;
}

/** Streamed by the portal from whichever blob store is configured (file-delivery.ts). */
function streamDelivery(blobStore: BlobStore): FileDelivery {
  return {
    send: (request, reply, file, onFinished, options) =>
      sendFile(request, reply, file, blobStore, (bytes) => onFinished(bytes, reply.statusCode === 206), options),
  };
}

/** The bytes a redirect or an accel answer hands to someone else to send, once the conditions are answered here. */
function precheck(
  request: FastifyRequest,
  reply: FastifyReply,
  file: FileRecord,
  cacheControl: string,
  options: { ifRangeDecidedElsewhere: boolean },
) {
  const conditions = answerConditions(request, reply, file, cacheControl, options);
  if (!conditions) return undefined;
  const { range } = conditions;
  return {
    etag: `"${file.sha256}"`,
    ranged: range !== undefined,
    bytes: range ? range.end - range.start + 1 : file.sizeBytes,
  };
}

/**
 * A 303 to a presigned GET of the object: the bucket sends the bytes and answers Range,
 * If-Range and If-None-Match itself (with its own ETag, which a resuming client then
 * sends back here and on to the bucket). HEAD is answered here: a presigned GET cannot
 * answer it.
 */
function redirectDelivery(store: S3BlobStore): FileDelivery {
  const stream = streamDelivery(store);
  return {
    async send(request, reply, file, onFinished, options = {}) {
      if (request.method === 'HEAD') return stream.send(request, reply, file, onFinished, options);
      const { cacheControl = 'private, max-age=3600', downloadName = file.name } = options;
      const checked = precheck(request, reply, file, cacheControl, { ifRangeDecidedElsewhere: true });
      if (!checked) return reply;
      const location = await store.presignedGet(file.blobKey, {
        contentType: file.contentType,
        // The bucket's answer carries no policy of ours; a PDF opens inline there as here.
        contentDisposition: presentationHeaders(file.contentType, downloadName)['content-disposition']!,
        cacheControl,
        expiresInSeconds: PRESIGNED_GET_SECONDS,
      });
      onFinished(checked.bytes, checked.ranged);
      // The URL expires: neither the browser nor a proxy may keep the redirect.
      return reply.status(303).header('cache-control', 'no-store').header('location', location).send();
    },
  };
}

/**
 * An empty answer naming the file under nginx's internal location (X-Accel-Redirect): nginx
 * sends the bytes with sendfile, answering Range and If-Range itself, and keeps the headers
 * set here (docs/operations.md has the location block).
 */
function accelDelivery(blobStore: BlobStore, prefix: string): FileDelivery {
  const stream = streamDelivery(blobStore);
  return {
    async send(request, reply, file, onFinished, options = {}) {
      if (request.method === 'HEAD') return stream.send(request, reply, file, onFinished, options);
      const { cacheControl = 'private, max-age=3600', downloadName = file.name } = options;
      const checked = precheck(request, reply, file, cacheControl, { ifRangeDecidedElsewhere: false });
      if (!checked) return reply;
      onFinished(checked.bytes, checked.ranged);
      return reply
        .header('x-accel-redirect', `${prefix}${file.blobKey}`)
        .header('etag', checked.etag)
        .header('accept-ranges', 'bytes')
        .header('cache-control', cacheControl)
        .header('content-type', file.contentType)
        .headers(presentationHeaders(file.contentType, downloadName))
        .send('');
    },
  };
}

export function fileDeliveryFor(mode: FileDeliveryMode, blobStore: BlobStore, accelPrefix: string): FileDelivery {
  if (mode === 'redirect') {
    // config.ts allows redirect only with S3.
    if (!('presignedGet' in blobStore)) throw new Error('FILE_DELIVERY=redirect needs the S3 blob store');
    return redirectDelivery(blobStore as S3BlobStore);
  }
  if (mode === 'accel') return accelDelivery(blobStore, accelPrefix);
  return streamDelivery(blobStore);
}

export default fp(
  async function fileDelivery(app: FastifyInstance) {
    app.decorate(
      'fileDelivery',
      fileDeliveryFor(app.config.fileDelivery, app.blobStore, app.config.fileDeliveryAccelPrefix),
    );
  },
  { name: 'file-delivery', dependencies: ['config', 'blob-store'] },
);
