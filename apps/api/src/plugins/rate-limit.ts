import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * `@fastify/rate-limit`, registered once with no global limit: each route that needs a
 * limit asks for its own with `app.rateLimit({ max, timeWindow })`.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
