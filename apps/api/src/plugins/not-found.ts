import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The brake on path scanning: answers 429 itself once a client has asked for too many missing paths. */
    rateLimitNotFound(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const NOT_FOUND_PER_MINUTE = 120;
/** The 404 message for an unknown path, and for a file a caller may not know exists. */
export const NOT_FOUND_MESSAGE = 'Not found';

/**
 * Unknown paths answer 404 `{ message }`, and even that answer is rate limited per client:
 * one budget for missing API paths and missing pages alike (web/web-app.ts).
 */
export default fp(
  async function notFound(app: FastifyInstance) {
    // Open while Redis is away: a missing page is no secret worth an outage (docs/decisions/094).
    const limiter = app.limitPerClient('not-found', {
      max: NOT_FOUND_PER_MINUTE,
      timeWindow: '1 minute',
      onOutage: 'open',
    });
    app.decorate('rateLimitNotFound', async (request: FastifyRequest, reply: FastifyReply) => {
      await limiter.call(app, request, reply);
    });
    app.setNotFoundHandler({ preHandler: limiter }, async (_request, reply) =>
      reply.status(404).send({ message: NOT_FOUND_MESSAGE }),
    );
  },
  { name: 'not-found', dependencies: ['rate-limit'] },
);
