import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { OutageAnswer } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { clientKey } from '../shared/client-address';
import { ServiceUnavailableError } from '../shared/service-availability';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A per-client limit with a name of its own (its counts are kept under it, in Redis
     * shared by every portal) and its rule for a Redis outage: `open` lets requests through
     * uncounted, `closed` answers 503 with `Retry-After` and its `outage` answer's words
     * (docs/decisions/094-limits-in-redis-and-their-outages.md).
     */
    limitPerClient(
      name: string,
      options: PerClientLimit,
    ): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

export type PerClientLimit = {
  max: number;
  timeWindow: string | number;
  errorResponseBuilder?: RateLimitOptions['errorResponseBuilder'];
} & (
  | { onOutage: 'open' }
  /** A closed limit says in its own words what is refused while its store is away. */
  | { onOutage: 'closed'; outage: OutageAnswer }
);

/** Where the limits' counters live in Redis: `portal:rate-limit:<name>:<client>`, each with the window as its TTL. */
export const RATE_LIMIT_KEY_PREFIX = 'portal:rate-limit:';

/**
 * `@fastify/rate-limit`, registered once with no global limit: each route that needs a
 * limit asks for its own with `app.limitPerClient(name, …)`. With REDIS_URL its Redis store
 * counts for every portal at once; without it, this process's memory. Every limit counts a
 * client as the guessing brake does (one owner: shared/client-address.ts): an IPv4
 * address or an IPv6 /64, behind the proxies TRUST_PROXY names the address they
 * forwarded for, and a client whose connection is already gone (no address) without
 * failing the request.
 */
export default fp(
  async function rateLimits(app: FastifyInstance) {
    await app.register(rateLimit, {
      global: false,
      ...(app.redis && { redis: app.redis, nameSpace: RATE_LIMIT_KEY_PREFIX }),
    });
    const names = new Set<string>();
    app.decorate('limitPerClient', (name: string, rule: PerClientLimit) => {
      // The Redis store keys a limit made outside a route by the client alone: the name keeps two limits apart.
      if (names.has(name)) throw new Error(`Two rate limits are named ${name}`);
      names.add(name);
      const { max, timeWindow, errorResponseBuilder } = rule;
      const limiter = app.rateLimit({
        max,
        timeWindow,
        ...(errorResponseBuilder && { errorResponseBuilder }),
        keyGenerator: (request: FastifyRequest) => `${name}:${clientKey(request.ip)}`,
        skipOnError: rule.onOutage === 'open',
      });
      return async function limit(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
        try {
          await limiter.call(this, request, reply);
        } catch (error) {
          // A 429 is the limit speaking; anything else is its store failing (the redis plugin logs
          // the outage once). Open, the request goes on uncounted; closed, it is refused in the
          // limit's words, and the driver's error stays out of the answer.
          if ((error as { statusCode?: number }).statusCode === 429) throw error;
          app.redisFailed(error);
          if (rule.onOutage === 'open') return;
          throw new ServiceUnavailableError(rule.outage, `the ${name} limit's store is unreachable`);
        }
      };
    });
  },
  { name: 'rate-limit', dependencies: ['redis'] },
);
