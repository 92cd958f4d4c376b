import { COMPONENTS_PATHS, ComponentSearchQuery, ComponentSearchResult, ErrorBody } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { parseComponentSearch, searchComponents, SearchRefused } from './component-search';

/** The staff's component search across the published releases' SBOMs (docs/sbom.md#the-component-search). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    COMPONENTS_PATHS.search,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags: ['sboms'],
        summary:
          'Every published release whose SBOM has a component by this name or package-URL prefix, at an exact version or in a VERS range (staff)',
        headers: StaffAuthorizationHeaders,
        querystring: ComponentSearchQuery,
        response: { 200: ComponentSearchResult, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (request, reply) => {
      let search;
      try {
        search = parseComponentSearch(request.query.q, request.query.version);
      } catch (error) {
        if (error instanceof SearchRefused) return reply.status(400).send({ message: error.message });
        throw error;
      }
      return searchComponents(app.db, await app.catalogue.get(), search);
    },
  );
};

export const componentsRoutes = fp(routes, {
  name: 'components-routes',
  dependencies: ['database', 'catalogue', 'staff-roles'],
  encapsulate: true,
});
