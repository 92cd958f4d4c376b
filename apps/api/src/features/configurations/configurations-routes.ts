import { CONFIGURATIONS_PATHS, Configurations, ErrorBody, NoQuery, Options } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { configurationsOf, optionsOf } from './configurations';

/** Cornerstone option codes and product configurations, for staff (SPEC §7, Products & Options). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['configurations'];

  app.get(
    CONFIGURATIONS_PATHS.options,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: 'Option codes and their descriptions, by code (staff)',
        querystring: NoQuery,
        response: { 200: Options, 401: ErrorBody },
      },
    },
    async () => optionsOf(await app.catalogue.get()),
  );

  app.get(
    CONFIGURATIONS_PATHS.configurations,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags,
        summary: 'Product configurations by family, version (newest first) and product (staff)',
        querystring: NoQuery,
        response: { 200: Configurations, 401: ErrorBody },
      },
    },
    async () => configurationsOf(await app.catalogue.get()),
  );
};

export const configurationsRoutes = fp(routes, {
  name: 'configurations-routes',
  dependencies: ['catalogue', 'staff-roles'],
  encapsulate: true,
});
