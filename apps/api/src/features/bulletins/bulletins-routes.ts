import { BULLETINS_PATHS, INVALID_KEY_ID, INVALID_PIB_REGISTRATION_ID, Pibs } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { CUSTOMER_AUTH_RESPONSES, CustomerAuthorizationHeaders } from '../../plugins/customer-auth/customer-auth';
import { pibsFor } from './bulletins';

/** Product Information Bulletins for a registration ID, a key ID or staff (SPEC §7). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    BULLETINS_PATHS.bulletins,
    {
      // Staff see every PIB (the read-only Releases & PIBs tool): any signed-in staff member.
      config: {
        staffAccess: 'staff',
        customerCredentials: { hasp: INVALID_PIB_REGISTRATION_ID, rainbow: INVALID_KEY_ID },
      },
      schema: {
        tags: ['bulletins'],
        summary: 'Product Information Bulletins of a registration ID, a key ID, or all for staff',
        headers: CustomerAuthorizationHeaders,
        response: { 200: Pibs, ...CUSTOMER_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const caller = await app.authenticateCustomer(request, reply);
      if (!caller) return reply;
      const { marks } = app.advisories.published.loaded() ?? (await app.advisories.published.get());
      return pibsFor(await app.catalogue.get(), caller, app.downloadLinks, marks);
    },
  );
};

export const bulletinsRoutes = fp(routes, {
  name: 'bulletins-routes',
  dependencies: ['catalogue', 'customer-auth', 'staff-roles', 'download-links', 'advisories'],
  encapsulate: true,
});
