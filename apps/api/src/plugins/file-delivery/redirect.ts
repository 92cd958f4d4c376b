import type { S3BlobStore } from '../s3-blob-store';
import type { DeliveryPolicy } from './delivery-policy';
import { handOff } from './hand-off';
import { presentationHeaders } from './presentation';
import { streamDelivery } from './stream';

/**
 * A presigned GET lives five minutes (docs/decisions/092-file-delivery-modes.md): a client
 * follows a 303 within a second, S3 checks the expiry only when a request starts (a long
 * download runs on), and a resumed download comes back through its portal link (one hour)
 * for a fresh URL. Anyone who sees the URL (a proxy log, a shared screenshot) has at most
 * five minutes, and the portal has recorded every download that got one.
 */
export const PRESIGNED_GET_SECONDS = 5 * 60;

/**
 * FILE_DELIVERY=redirect: a 303 to a presigned GET of the object. The bucket sends the
 * bytes and answers Range, If-Range and If-None-Match itself (with its own ETag, which a
 * resuming client then sends back here and on to the bucket, so If-Range is the bucket's
 * to judge). The object is asked for first (checkServable): a client is sent only to a bucket
 * that answers and holds it.
 */
export function redirectDelivery(store: S3BlobStore): DeliveryPolicy {
  return handOff(streamDelivery(store), {
    ifRange: 'sender',
    async answer(reply, { file, presentation: { cacheControl, downloadName } }) {
      // One HEAD first: a bucket that is away answers 503 here (a redirect would leave the
      // client at an address that does not answer), and nothing is recorded as downloaded.
      await store.checkServable(file.blobKey);
      const location = await store.presignedGet(file.blobKey, {
        contentType: file.contentType,
        // The bucket's answer carries no policy of ours; a PDF opens inline there as here.
        contentDisposition: presentationHeaders(file.contentType, downloadName)['content-disposition']!,
        cacheControl,
        expiresInSeconds: PRESIGNED_GET_SECONDS,
      });
      // The URL expires: neither the browser nor a proxy may keep the redirect.
      return reply.status(303).header('cache-control', 'no-store').header('location', location).send();
    },
  });
}
