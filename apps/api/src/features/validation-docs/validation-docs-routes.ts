import {
  DownloadLink,
  DsvDownloadParams,
  DsvMap,
  ErrorBody,
  INVALID_DSV_REGISTRATION_ID,
  VALIDATION_DOCS_PATHS,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { CUSTOMER_AUTH_RESPONSES, CustomerAuthorizationHeaders } from '../../plugins/customer-auth/customer-auth';
import { grantOf } from '../../plugins/download-links';
import { NOT_FOUND_MESSAGE } from '../../plugins/not-found';
import { normaliseCustomerId } from '../../plugins/registrations/registrations';
import { constantTimeEqual } from '../../shared/keyed-digest';
import { entitledDsvs } from './queries';
import { dsvsFor } from './validation-docs';

/** Declarations of Software Validation for a registration ID (SPEC §7). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['validation-docs'];

  app.get(
    VALIDATION_DOCS_PATHS.dsvs,
    {
      config: { customerCredentials: { hasp: INVALID_DSV_REGISTRATION_ID } },
      schema: {
        tags,
        summary: 'Declarations of Software Validation of a registration: key to version and download link',
        headers: CustomerAuthorizationHeaders,
        response: { 200: DsvMap, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (!caller) return reply;
      return dsvsFor(await app.catalogue.get(), caller, app.downloadLinks);
    },
  );

  app.get(
    VALIDATION_DOCS_PATHS.dsvDownload,
    {
      config: { customerCredentials: { hasp: INVALID_DSV_REGISTRATION_ID } },
      schema: {
        tags,
        summary:
          'A download link for one DSV; the registration ID in the path must be the one in the Authorization header',
        headers: CustomerAuthorizationHeaders,
        params: DsvDownloadParams,
        response: { 200: DownloadLink, 404: ErrorBody, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (caller?.kind !== 'customer') return reply;
      // Credentials come only from the header; the path's copy must agree with it (decision 031).
      const inPath = normaliseCustomerId(request.params.registrationId);
      if (!constantTimeEqual(normaliseCustomerId(caller.credential.id), inPath)) {
        await app.refuseCredential(request, reply, INVALID_DSV_REGISTRATION_ID, inPath);
        return reply;
      }
      const dsv = entitledDsvs(await app.catalogue.get(), caller).get(request.params.key);
      if (!dsv) return reply.status(404).send({ message: NOT_FOUND_MESSAGE, code: 'not-found' });
      return { uri: app.downloadLinks.sign(dsv.file, grantOf(caller)) };
    },
  );
};

export const validationDocsRoutes = fp(routes, {
  name: 'validation-docs-routes',
  dependencies: ['catalogue', 'customer-auth', 'download-links'],
  encapsulate: true,
});
