import type { ErrorBody } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { clientKey } from '../../shared/client-address';
import { CredentialBrake } from './credential-brake';
import { RedisCredentialBrake, type GuessingBrake } from './redis-credential-brake';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The brake on guessing (docs/decisions/050-guessing-brake-costs-the-guesser.md), one per
     * portal, read by whatever takes a secret a client could guess: customer IDs
     * (customer-auth), a feed token in the path, an API token (staff-roles). `braked` answers
     * 429 and true while the client is braked; `failed` counts a wrong one. `tried` is what
     * the client presented; only a hash of it is kept.
     */
    guessingBrake: {
      braked(request: FastifyRequest, reply: FastifyReply, tried: string): Promise<boolean>;
      failed(request: FastifyRequest, tried: string): Promise<void>;
      succeeded(request: FastifyRequest, tried: string): Promise<void>;
      /** The brake itself, for a caller that keys what was tried on its own (customer-auth's digests). */
      readonly keyed: GuessingBrake;
    };
  }
}

export const TOO_MANY_FAILURES = 'Too many failed attempts. Please wait a few minutes and try again.';

/** A key for something presented that is not a well-formed credential: distinct inputs stay distinct, none is kept. */
export function anonymousKey(presented: string): string {
  return `x${createHash('sha256').update(presented).digest('base64url').slice(0, 22)}`;
}

/**
 * A plugin of its own, below both readers: customer-auth asks staff-roles about staff
 * bearers, and staff-roles brakes API tokens, so neither may own it.
 */
export default fp(
  async function guessingBrake(app: FastifyInstance) {
    // While Redis is away the brake brakes in memory; the redis plugin says so in the log, once per outage.
    const brake: GuessingBrake = app.redis
      ? new RedisCredentialBrake(app.redis, (error) => app.redisFailed(error))
      : new CredentialBrake();
    app.decorate('guessingBrake', {
      async braked(request: FastifyRequest, reply: FastifyReply, tried: string) {
        const retryAfter = await brake.retryAfterSeconds(clientKey(request.ip), anonymousKey(tried));
        if (retryAfter === undefined) return false;
        await reply
          .status(429)
          .header('retry-after', retryAfter)
          .send({ message: TOO_MANY_FAILURES, code: 'too-many-failures' } satisfies ErrorBody);
        return true;
      },
      async failed(request: FastifyRequest, tried: string) {
        await brake.recordFailure(clientKey(request.ip), anonymousKey(tried));
      },
      async succeeded(request: FastifyRequest, tried: string) {
        await brake.recordSuccess(clientKey(request.ip), anonymousKey(tried));
      },
      keyed: brake,
    });
  },
  { name: 'guessing-brake', dependencies: ['redis'] },
);
