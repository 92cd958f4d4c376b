import { redirectTarget } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Old addresses (SPEC §2, Redirects) answer with a real permanent redirect, so bookmarks,
 * search engines and links printed in manuals move on without loading the web app. The
 * table lives in contracts, where the web app reads it too.
 */
export default fp(
  async function redirects(app: FastifyInstance) {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const target = redirectTarget(request.url);
      if (target) return reply.redirect(target, 301);
    });
  },
  { name: 'redirects' },
);
