import {
  CHROMATOF_PATHS,
  ChromatofDownload,
  ChromatofDownloadParams,
  ChromatofProductParams,
  ErrorBody,
  HAL_CONTENT_TYPE,
  HalLinks,
  INCORRECT_KEY,
  LatestVersions,
  NoQuery,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CUSTOMER_AUTH_RESPONSES, KeyIdDownloadsHeaders } from '../../plugins/customer-auth/customer-auth';
import { StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { grantOf } from '../../plugins/download-links';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { downloadDocument, latestVersions, productDocument, productsDocument } from './chromatof';

/**
 * The ChromaTOF download lookup by key ID, followed link by link (SPEC §7;
 * docs/decisions/060-chromatof-download-lookup.md), and the staff table of latest releases.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['chromatof'];
  // The key ID lookup's routes take `Rainbow <key ID>` (and `Rainbow id=`), with one 401 text.
  const keyId = { rainbow: INCORRECT_KEY };

  /** The key ID's registration, or undefined once the same 401 for every bad key (or a 429) has gone. */
  const keyOf = async (request: FastifyRequest, reply: FastifyReply) => {
    const caller = await app.authenticateCustomer(request, reply);
    if (caller?.kind !== 'customer') return undefined;
    reply.type(HAL_CONTENT_TYPE);
    return caller;
  };
  const notFound = (reply: FastifyReply) =>
    reply.status(404).type('application/json').send({ message: NOT_FOUND_MESSAGE, code: 'not-found' });

  app.get(
    CHROMATOF_PATHS.downloads,
    {
      config: { customerCredentials: keyId },
      schema: {
        tags,
        summary: 'The ChromaTOF products a key ID may download, as HAL links',
        headers: KeyIdDownloadsHeaders,
        response: { 200: HalLinks, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await keyOf(request, reply);
      if (!caller) return reply;
      return productsDocument(await app.catalogue.get(), caller.registration);
    },
  );

  app.get(
    CHROMATOF_PATHS.productDownloads,
    {
      config: { customerCredentials: keyId },
      schema: {
        tags,
        summary: "A product's downloads (every file of every release, newest release first), as HAL links",
        headers: KeyIdDownloadsHeaders,
        params: ChromatofProductParams,
        response: { 200: HalLinks, 404: ErrorBody, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await keyOf(request, reply);
      if (!caller) return reply;
      return productDocument(await app.catalogue.get(), caller.registration, request.params.product) ?? notFound(reply);
    },
  );

  app.get(
    CHROMATOF_PATHS.download,
    {
      config: { customerCredentials: keyId },
      schema: {
        tags,
        summary: 'One download: its label, a signed link valid one hour, its size and SHA-256',
        headers: KeyIdDownloadsHeaders,
        params: ChromatofDownloadParams,
        response: { 200: ChromatofDownload, 404: ErrorBody, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await keyOf(request, reply);
      if (!caller) return reply;
      const snapshot = await app.catalogue.get();
      const { marks } = app.advisories.published.loaded() ?? (await app.advisories.published.get());
      return (
        downloadDocument(snapshot, caller.registration, request.params, app.downloadLinks, grantOf(caller), marks) ??
        notFound(reply)
      );
    },
  );

  app.get(
    CHROMATOF_PATHS.latestVersions,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: 'The latest release of each ChromaTOF product, as a table (staff)',
        headers: StaffAuthorizationHeaders,
        querystring: NoQuery,
        response: { 200: LatestVersions, 401: ErrorBody },
      },
    },
    async () => latestVersions(await app.catalogue.get()),
  );
};

export const chromatofRoutes = fp(routes, {
  name: 'chromatof-routes',
  dependencies: ['catalogue', 'customer-auth', 'download-links', 'staff-roles', 'advisories'],
  encapsulate: true,
});
