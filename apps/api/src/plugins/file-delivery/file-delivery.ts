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
    const mode = app.config.fileDelivery;
    const policy = deliveryPolicyFor(mode, app.blobStore, app.config.fileDeliveryAccelPrefix);
    const { filesDelivered, bytesDelivered } = app.metrics;
    app.decorate('fileDelivery', {
      // Counted where every mode reports what its answer covered: one place for the metrics.
      send: (request, reply, file, onFinished, options) =>
        policy.send(
          request,
          reply,
          file,
          (bytes, ranged) => {
            filesDelivered.inc({ mode });
            bytesDelivered.inc({ mode }, bytes);
            onFinished(bytes, ranged);
          },
          options,
        ),
    } satisfies DeliveryPolicy);
  },
  { name: 'file-delivery', dependencies: ['config', 'blob-store', 'metrics'] },
);
