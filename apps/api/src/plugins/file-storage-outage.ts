import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';

/**
 * The S3 bucket's outages, as the operator sees them (docs/operations.md, "When things fail"):
 * one warning when it stops answering, one line when it is back, and `portal_file_storage_up`.
 * Meanwhile what needs a file's bytes answers 503 (the store refuses at once, the error
 * handler words it); lookups go on, and readiness stays up: every portal shares the bucket,
 * so taking one out of the load balancer would only lose its lookups too.
 */
export default fp(
  async function fileStorageOutage(app: FastifyInstance) {
    const { availability, description } = app.blobStore;
    new Gauge({
      name: 'portal_file_storage_up',
      help: 'Whether the file storage answers: 1, or 0 while the S3 bucket is away (downloads answer 503); always 1 for a folder',
      registers: [app.metrics.registry],
      collect() {
        this.set(availability?.up === false ? 0 : 1);
      },
    });
    if (!availability) return;
    const stopHearing = availability.onChange(({ up, reason, awaySeconds }) => {
      if (up) app.log.info(`The ${description} answers again after ${awaySeconds!.toFixed(1)} s`);
      else
        app.log.warn(
          `The ${description} is unreachable (${reason}): downloads and publishing answer 503 until it is back; lookups go on`,
        );
    });
    app.addHook('onClose', async () => {
      stopHearing();
    });
  },
  { name: 'file-storage-outage', dependencies: ['blob-store', 'metrics'] },
);
