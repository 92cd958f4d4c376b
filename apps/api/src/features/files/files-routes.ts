import {
  DOWNLOAD_LINK_PAGE,
  type DownloadLinkProblem,
  type DownloadLookup,
  type ErrorCode,
  ErrorBody,
  FileParams,
  FileQuery,
  FILES_PATHS,
  fileWithdrawnMessage,
  languageOfPath,
  pathInLanguage,
  pathWithoutLanguage,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { registrationDigestOf } from '../../plugins/download-links';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { truncatedAddress } from '../../shared/client-address';
import { downloadRecorder } from './download-records';
import { lookupOfLink } from './link-lookup';
import { scheduleDownloadRetention } from './download-retention';

const BinaryFile = Type.Unsafe<Buffer>({ type: 'string', format: 'binary' });

/** Delivery of published files through the short-lived signed links the lookups hand out. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
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
            description:
              "With S3 (FILE_DELIVERY=redirect): to a presigned URL of the file that lives 5 minutes. A person's browser (a navigation) that opened a link that no longer works (expired, changed, or to a withdrawn file): to the page that says so.",
          }),
          304: Type.Null(),
          404: ErrorBody,
          410: ErrorBody,
          416: ErrorBody,
          503: ErrorBody,
        },
      },
      // A mangled link is a broken link too: a person is shown the page, a program the 400.
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) {
        if (isNavigation(request)) return sendToLinkPage(request, reply, 'invalid');
        throw request.validationError;
      }
      const check = app.downloadLinks.check({ ...request.params, ...request.query });
      // A link not made by us answers as if the file did not exist.
      if (check === 'forged') return brokenLink(request, reply, 'invalid', 404, NOT_FOUND_MESSAGE, 'not-found');
      const snapshot = await app.catalogue.get();
      // A withdrawn file's link stops working at once, expired or not, and says why (docs/publishing.md).
      const withdrawn = snapshot.withdrawn.get(request.params.fileId);
      if (withdrawn) {
        return brokenLink(
          request,
          reply,
          'withdrawn',
          410,
          fileWithdrawnMessage(app.config.makerName),
          'file-withdrawn',
          { fileName: request.params.fileName, lookup: undefined },
        );
      }
      if (check === 'expired') {
        // The signature vouches for the file and whom the link was for: the page may name both.
        const about = {
          fileName: request.params.fileName,
          lookup: lookupOfLink(snapshot, request.params.fileId, request.query.grant),
        };
        return brokenLink(
          request,
          reply,
          'expired',
          410,
          'This download link has expired. Please look the file up again.',
          'link-expired',
          about,
        );
      }
      const file = snapshot.files.get(request.params.fileId);
      if (!file) return brokenLink(request, reply, 'invalid', 404, NOT_FOUND_MESSAGE, 'not-found');
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

export const filesRoutes = fp(routes, {
  name: 'files-routes',
  dependencies: ['config', 'database', 'catalogue', 'download-links', 'file-delivery'],
  encapsulate: true,
});

/**
 * A link that no longer works: a person who opened it in the browser is sent to the web
 * page that says so; a program gets the JSON error, with its code (docs/api.md, "Error
 * codes"; docs/decisions/091-broken-download-links-lead-people-to-a-page.md).
 */
function brokenLink(
  request: FastifyRequest,
  reply: FastifyReply,
  problem: DownloadLinkProblem,
  status: 404 | 410,
  message: string,
  code: ErrorCode,
  about?: LinkAbout,
) {
  if (isNavigation(request)) return sendToLinkPage(request, reply, problem, about);
  return reply
    .header('vary', 'Accept, Sec-Fetch-Mode')
    .status(status)
    .send({ message, code } satisfies ErrorBody);
}

/** A browser navigating says so (Sec-Fetch-Mode); one too old to say so asks for HTML. */
export function isNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const mode = request.headers['sec-fetch-mode'];
  if (mode !== undefined) return mode === 'navigate';
  return /(^|[\s,])text\/html([\s,;]|$)/i.test(request.headers.accept ?? '');
}

/** What an expired link was for: its file's name and the lookup that hands it out. */
interface LinkAbout {
  fileName: string;
  lookup: DownloadLookup | undefined;
}

/**
 * The page that says so, in the language of the page the link was opened from (its prefix:
 * the page is offered in every language, docs/decisions/281-customer-pages-in-six-languages.md),
 * English when the link came from elsewhere; `from` names that page by its English address.
 */
function sendToLinkPage(request: FastifyRequest, reply: FastifyReply, problem: DownloadLinkProblem, about?: LinkAbout) {
  const query = new URLSearchParams({ problem });
  const linkedFrom = pageLinkedFrom(request);
  const from = linkedFrom === undefined ? undefined : pathWithoutLanguage(linkedFrom);
  if (from && from !== '/') query.set('from', from);
  if (about?.lookup) query.set('lookup', about.lookup);
  if (about) query.set('file', about.fileName);
  const language = linkedFrom === undefined ? 'en' : languageOfPath(linkedFrom);
  return reply
    .header('vary', 'Accept, Sec-Fetch-Mode')
    .header('cache-control', 'no-store')
    .redirect(`${pathInLanguage(DOWNLOAD_LINK_PAGE, language)}?${query}`, 303);
}

/**
 * The page of this site the link was opened from (the Referer), as a path alone: its query
 * may hold a registration ID, which must not travel on in a URL.
 */
function pageLinkedFrom(request: FastifyRequest): string | undefined {
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    const url = new URL(referer);
    return url.host === request.host ? url.pathname : undefined;
  } catch {
    return undefined;
  }
}
