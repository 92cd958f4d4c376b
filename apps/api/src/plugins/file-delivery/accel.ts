import type { BlobStore } from '../blob-store';
import type { DeliveryPolicy } from './delivery-policy';
import { handOff } from './hand-off';
import { fileHeaders } from './presentation';
import { streamDelivery } from './stream';

/**
 * FILE_DELIVERY=accel: an empty answer naming the file under nginx's internal location
 * (X-Accel-Redirect, FILE_DELIVERY_ACCEL_PREFIX + blob key). nginx sends the bytes with
 * sendfile, answering Range and If-Range itself against the ETag set here, and keeps the
 * headers set here (docs/operations.md has the location block, apps/api/test/accel.nginx.conf).
 */
export function accelDelivery(blobStore: BlobStore, prefix: string): DeliveryPolicy {
  return handOff(streamDelivery(blobStore), {
    ifRange: 'portal',
    answer: (reply, { file, presentation }) =>
      reply
        .header('x-accel-redirect', `${prefix}${file.blobKey}`)
        .headers(fileHeaders(file, presentation))
        .header('content-type', file.contentType)
        .send(''),
  });
}
