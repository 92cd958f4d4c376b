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
    // Synchronous, and past the API at once: it runs on every request.
    app.addHook('onRequest', (request, reply, done) => {
      const target =
        (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/v1/')
          ? redirectTarget(request.url)
          : undefined;
      if (target) reply.redirect(target, 301);
      else done();
    });
  },
  { name: 'redirects' },
);
