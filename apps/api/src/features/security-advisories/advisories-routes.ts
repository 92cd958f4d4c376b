import {
  ADVISORY_MESSAGES,
  ADVISORY_PATHS,
  AdvisoryDetail,
  AdvisoryList,
  AdvisoryListQuery,
  AdvisoryParams,
  CSAF_PATHS,
  ErrorBody,
  NoQuery,
  SecurityPolicy,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { sendFromMemory } from '../../plugins/file-delivery';

const PUBLIC_CACHE_CONTROL = 'public, max-age=300';

/** The public advisories for the web pages (docs/api.md#security-advisories): from memory. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['security-advisories'];
  const published = app.advisories.published;

  app.get(
    ADVISORY_PATHS.advisories,
    {
      schema: {
        tags,
        summary: 'Published advisories and not-affected statements, newest first; `product` keeps those naming it',
        querystring: AdvisoryListQuery,
        response: { 200: AdvisoryList },
      },
    },
    async (request) => {
      const { list } = await published.get();
      const product = request.query.product?.toLowerCase();
      return {
        advisories: product
          ? list.filter((item) => item.products.some((name) => name.toLowerCase() === product))
          : list,
      };
    },
  );

  app.get(
    ADVISORY_PATHS.policy,
    {
      schema: {
        tags,
        summary: 'Where to report a vulnerability, and the machine-readable addresses',
        querystring: NoQuery,
        response: { 200: SecurityPolicy },
      },
    },
    async () => ({
      contact: app.config.securityContact,
      securityTxt: CSAF_PATHS.securityTxt,
      providerMetadata: CSAF_PATHS.providerMetadata,
    }),
  );

  app.get(
    ADVISORY_PATHS.feed,
    {
      schema: {
        tags,
        summary: 'Atom: every published advisory at its current revision, newest first',
        querystring: NoQuery,
        response: { 200: Type.String(), 304: Type.Null() },
      },
    },
    async (request, reply) => {
      const { atom } = await published.get();
      return sendFromMemory(request, reply, { ...atom, cacheControl: PUBLIC_CACHE_CONTROL });
    },
  );

  app.get(
    ADVISORY_PATHS.advisory,
    {
      schema: {
        tags,
        summary: "One advisory's public page: its vulnerabilities, releases, remediations and revision history",
        params: AdvisoryParams,
        querystring: NoQuery,
        response: { 200: AdvisoryDetail, 404: ErrorBody },
      },
    },
    async (request, reply) => {
      const detail = (await published.get()).details.get(request.params.advisoryId);
      if (!detail)
        return reply.status(404).send({ message: ADVISORY_MESSAGES.noSuchAdvisory, code: 'advisory-not-found' });
      return detail;
    },
  );
};

export const advisoriesRoutes = fp(routes, {
  name: 'advisories-routes',
  dependencies: ['config', 'advisories'],
  encapsulate: true,
});
