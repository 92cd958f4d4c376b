import { ErrorBody, parseCustomerAuthorization, type CustomerCredential, type CustomerScheme } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { Type } from 'typebox';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../../shared/cache-control';
import { clientKey } from '../../shared/client-address';
import type { RegistrationRecord } from '../catalogue/catalogue-snapshot';
import { STAFF_SIGN_IN_REQUIRED } from '../staff-auth';
import { CredentialBrake } from './credential-brake';
import { RedisCredentialBrake, type GuessingBrake } from './redis-credential-brake';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The caller behind the Authorization header, or undefined once a 401 or 429 has been
     * sent. Unknown, malformed and revoked IDs all get the same answer.
     */
    authenticateCustomer(
      request: FastifyRequest,
      reply: FastifyReply,
      accepted: AcceptedCredentials,
    ): Promise<Caller | undefined>;
    /**
     * Refuses a credential the route itself found wanting (`tried`: what the client
     * presented, e.g. a path parameter): 401 with `message`, counted by the brake.
     */
    refuseCredential(request: FastifyRequest, reply: FastifyReply, message: string, tried: string): Promise<void>;
  }
}

/** Who is asking: a signed-in staff member, or a customer with its registration and the credential it sent. */
export type Caller =
  { kind: 'staff' } | { kind: 'customer'; registration: RegistrationRecord; credential: CustomerCredential };

/** The schemes an endpoint takes, each with the 401 text of SPEC §8 for a bad ID; and whether staff bearers may ask. */
export type AcceptedCredentials = Partial<Record<CustomerScheme, string>> & { bearer?: boolean };

const TOO_MANY_FAILURES = 'Too many failed attempts. Please wait a few minutes and try again.';

/**
 * Customer authentication: the `Hasp id=` and `Rainbow id=` headers, their keyed digests,
 * and the brake on guessing (docs/decisions/050-guessing-brake-costs-the-guesser.md).
 * Staff bearers are signed tokens that cannot be guessed: they are never braked and never
 * count against the client.
 */
export default fp(
  async function customerAuth(app: FastifyInstance) {
    // While Redis is away the brake brakes in memory; the redis plugin says so in the log, once per outage.
    const brake: GuessingBrake = app.redis
      ? new RedisCredentialBrake(app.redis, (error) => app.redisFailed(error))
      : new CredentialBrake();

    async function refuse(request: FastifyRequest, reply: FastifyReply, message: string, tried: string) {
      await brake.recordFailure(clientKey(request.ip), tried);
      await reply.status(401).send({ message });
    }

    app.decorate('refuseCredential', (request: FastifyRequest, reply: FastifyReply, message: string, tried: string) =>
      refuse(request, reply, message, anonymousKey(tried)),
    );
    app.decorate(
      'authenticateCustomer',
      async (request: FastifyRequest, reply: FastifyReply, accepted: AcceptedCredentials) => {
        reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL);
        const header = request.headers.authorization;
        if (accepted.bearer && header?.startsWith('Bearer ')) {
          if (await app.staffIdentity(request)) return { kind: 'staff' } satisfies Caller;
          await reply.status(401).send({ message: STAFF_SIGN_IN_REQUIRED });
          return undefined;
        }
        const client = clientKey(request.ip);
        const credential = parseCustomerAuthorization(header);
        // The brake knows credentials only by their digest; anything else by a hash of the header.
        const tried = credential ? app.registrations.digestOf(credential) : anonymousKey(header ?? '');
        const retryAfter = await brake.retryAfterSeconds(client, tried);
        if (retryAfter !== undefined) {
          app.metrics.brakeRefusals.inc();
          await reply.status(429).header('retry-after', retryAfter).send({ message: TOO_MANY_FAILURES });
          return undefined;
        }
        if (credential && accepted[credential.scheme] !== undefined) {
          const registration = await app.registrations.find(credential, tried);
          if (registration) {
            await brake.recordSuccess(client, tried);
            return { kind: 'customer', registration, credential } satisfies Caller;
          }
        }
        await refuse(request, reply, refusalMessage(accepted, header), tried);
        return undefined;
      },
    );
  },
  { name: 'customer-auth', dependencies: ['registrations', 'staff-auth', 'redis', 'metrics'] },
);

/** The 401 text for the scheme the header names, else the endpoint's first. */
function refusalMessage(accepted: AcceptedCredentials, header: string | undefined): string {
  const named: CustomerScheme = header?.startsWith('Rainbow') ? 'rainbow' : 'hasp';
  return accepted[named] ?? accepted.hasp ?? accepted.rainbow ?? STAFF_SIGN_IN_REQUIRED;
}

/** A key for something presented that is not a well-formed credential: distinct inputs stay distinct, none is kept. */
function anonymousKey(presented: string): string {
  return `x${createHash('sha256').update(presented).digest('base64url').slice(0, 22)}`;
}

/** How a customer route documents the header it reads credentials from. */
export const CustomerAuthorizationHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: '`Hasp id=…`, `Rainbow id=…` or `Bearer …`' })),
});

/** The answers every customer route may give besides its own: a refused credential, a braked client. */
export const CUSTOMER_AUTH_RESPONSES = { 401: ErrorBody, 429: ErrorBody } as const;
