import { ErrorBody, FileParams, FileQuery, FILES_PATHS } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { registrationDigestOf } from '../../plugins/download-links';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { truncatedAddress } from '../../shared/client-address';
import { downloadRecorder } from './download-records';
import { scheduleDownloadRetention } from './download-retention';

const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** Delivery of published files through the short-lived signed links the lookups hand out. */
export const filesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const recorder = downloadRecorder(app.db, app.log);
  const retention = scheduleDownloadRetention(app.db, app.config.downloadRecordsRetentionDays, app.log);
  app.addHook('onClose', async () => {
    await retention.stop();
    await recorder.close();
  });

  app.get(
    FILES_PATHS.file,
    {
      schema: {
        tags: ['files'],
        summary: 'A published file, through a signed link from one of the lookups (valid one hour)',
        params: FileParams,
        querystring: FileQuery,
        response: {
          200: BinaryFile,
          206: BinaryFile,
          303: Type.Null({
            description: 'With S3 (FILE_DELIVERY=redirect): to a presigned URL of the file that lives 5 minutes',
          }),
          304: Type.Null(),
          404: ErrorBody,
          410: ErrorBody,
          416: ErrorBody,
        },
      },
    },
    async (request, reply) => {
      const check = app.downloadLinks.check({ ...request.params, ...request.query });
      // A link not made by us answers as if the file did not exist.
      if (check === 'forged') return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      if (check === 'expired') {
        return reply.status(410).send({ message: 'This download link has expired. Please look the file up again.' });
      }
      const file = (await app.catalogue.get()).files.get(request.params.fileId);
      if (!file) return reply.status(404).send({ message: NOT_FOUND_MESSAGE });
      const clientAddress = truncatedAddress(request.ip);
      return app.fileDelivery.send(request, reply, file, (bytesSent, ranged) => {
        if (request.method !== 'GET') return;
        recorder.record({
          link: `${request.query.signature}\n${request.ip}`,
          ranged,
          record: {
            fileId: file.id,
            registrationDigest: registrationDigestOf(request.query.grant),
            bytesSent,
            clientAddress,
          },
        });
      });
    },
  );
};
