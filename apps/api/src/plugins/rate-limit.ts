import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from '../shared/client-address';

/**
 * `@fastify/rate-limit`, registered once with no global limit: each route that needs a
 * limit asks for its own with `app.rateLimit({ max, timeWindow })`. Every limit counts a
 * client as the guessing brake does (one owner: shared/client-address.ts): an IPv4
 * address or an IPv6 /64, behind the proxies TRUST_PROXY names the address they
 * forwarded for, and a client whose connection is already gone (no address) without
 * failing the request.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request: FastifyRequest) => clientKey(request.ip),
    });
  },
  { name: 'rate-limit' },
);
