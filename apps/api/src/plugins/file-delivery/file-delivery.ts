import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FileDeliveryMode } from '../../config/config';
import type { BlobStore } from '../blob-store';
import type { S3BlobStore } from '../s3-blob-store';
import { accelDelivery } from './accel';
import type { DeliveryPolicy } from './delivery-policy';
import { redirectDelivery } from './redirect';
import { streamDelivery } from './stream';

declare module 'fastify' {
  interface FastifyInstance {
    /** How a checked request for a published file gets its bytes (FILE_DELIVERY), chosen once at start-up. */
    fileDelivery: DeliveryPolicy;
  }
}

/** The policy of a FILE_DELIVERY mode; config.ts has already refused redirect without S3 and accel with it. */
export function deliveryPolicyFor(mode: FileDeliveryMode, blobStore: BlobStore, accelPrefix: string): DeliveryPolicy {
  switch (mode) {
    case 'redirect':
      // Not instanceof: that would load the AWS SDK into every portal (blob-store.ts loads it only with S3).
      if (!('presignedGet' in blobStore)) throw new Error('FILE_DELIVERY=redirect needs the S3 blob store');
      return redirectDelivery(blobStore as S3BlobStore);
    case 'accel':
      return accelDelivery(blobStore, accelPrefix);
    case 'stream':
      return streamDelivery(blobStore);
  }
}

/**
 * `app.fileDelivery`: the one policy this portal delivers published files by
 * (docs/decisions/092-file-delivery-modes.md). The files and firmware routes call it and
 * do not know which it is.
 */
export default fp(
  async function fileDelivery(app: FastifyInstance) {
    app.decorate(
      'fileDelivery',
      deliveryPolicyFor(app.config.fileDelivery, app.blobStore, app.config.fileDeliveryAccelPrefix),
    );
  },
  { name: 'file-delivery', dependencies: ['config', 'blob-store'] },
);
