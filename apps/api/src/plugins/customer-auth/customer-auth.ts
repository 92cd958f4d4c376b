import {
  authorizationScheme,
  ErrorBody,
  type ErrorCode,
  parseAuthorization,
  type CustomerCredential,
  type CustomerScheme,
  type StaffAccess,
} from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../../shared/cache-control';
import { clientKey } from '../../shared/client-address';
import type { RegistrationRecord } from '../catalogue/catalogue-snapshot';
import { STAFF_SIGN_IN_REQUIRED } from '../staff-auth';
import { anonymousKey, TOO_MANY_FAILURES } from './guessing-brake';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The caller behind the Authorization header, in the schemes the route states
     * (`config.customerCredentials`), or undefined once a 401 or 429 has been sent. Unknown,
     * malformed and revoked IDs all get the same answer.
     */
    authenticateCustomer(request: FastifyRequest, reply: FastifyReply): Promise<Caller | undefined>;
    /** Every route that takes a customer credential and the schemes it states (collectCustomerRoutes). */
    customerRoutes: readonly CustomerRoute[];
    /**
     * Refuses a registration ID the route itself found wanting (`tried`: what the client
     * presented, e.g. a path parameter): 401 with `message` and the code
     * `registration-id-unknown`, counted by the brake.
     */
    refuseCredential(request: FastifyRequest, reply: FastifyReply, message: string, tried: string): Promise<void>;
  }
  interface FastifyContextConfig {
    /**
     * The customer credentials the route takes in the Authorization header, each scheme with
     * the 401 text a bad one gets (docs/api.md): the one statement, read by
     * authenticateCustomer and collected into `app.customerRoutes`.
     */
    customerCredentials?: AcceptedCredentials;
  }
}

export interface CustomerRoute {
  method: HTTPMethods;
  url: string;
  accepted: AcceptedCredentials;
  /** What a staff bearer needs here, when the route answers staff too. */
  staffAccess?: StaffAccess;
}

/** Who is asking: a signed-in staff member, or a customer with its registration and the credential it sent. */
export type Caller =
  { kind: 'staff' } | { kind: 'customer'; registration: RegistrationRecord; credential: CustomerCredential };

/**
 * Whose entitlements decide what is seen: staff, or a registration. A Caller is one; so is a
 * registration reached without its ID (a feed token knows only the registration's digest).
 */
export type Entitled = { kind: 'staff' } | { kind: 'customer'; registration: RegistrationRecord };

/**
 * The schemes an endpoint takes, each with the 401 text a bad ID gets (docs/api.md). Staff
 * bearers are taken where the route's `config.staffAccess` says what they need (staff-roles).
 */
export type AcceptedCredentials = Partial<Record<CustomerScheme, string>>;

/**
 * Customer authentication: the `Hasp id=` and `Rainbow id=` headers, their keyed digests,
 * and the brake on guessing (docs/decisions/050-guessing-brake-costs-the-guesser.md).
 * Staff bearers are signed tokens that cannot be guessed: they are never braked and never
 * count against the client.
 */
export default fp(
  async function customerAuth(app: FastifyInstance) {
    const brake = app.guessingBrake.keyed;

    async function refuse(request: FastifyRequest, reply: FastifyReply, body: ErrorBody, tried: string) {
      await brake.recordFailure(clientKey(request.ip), tried);
      await reply.status(401).send(body);
    }

    app.decorate('refuseCredential', (request: FastifyRequest, reply: FastifyReply, message: string, tried: string) =>
      refuse(request, reply, { message, code: REFUSAL_CODES.hasp }, anonymousKey(tried)),
    );
    app.decorate('authenticateCustomer', async (request: FastifyRequest, reply: FastifyReply) => {
      const { customerCredentials: accepted, staffAccess } = request.routeOptions.config;
      if (accepted === undefined) throw new Error(`${request.routeOptions.url} states no config.customerCredentials`);
      reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL);
      const header = request.headers.authorization;
      // One reader of the header (contracts): the scheme in any case (RFC 9110 §11.1).
      const parsed = parseAuthorization(header);
      if (staffAccess !== undefined && parsed?.scheme === 'bearer') {
        const staff = await app.checkStaffAccess(request, reply, staffAccess);
        return staff ? ({ kind: 'staff' } satisfies Caller) : undefined;
      }
      const client = clientKey(request.ip);
      const credential = parsed?.scheme === 'bearer' ? undefined : parsed;
      // The brake knows credentials only by their digest; anything else by a hash of the header.
      const tried = credential ? app.registrations.digestOf(credential) : anonymousKey(header ?? '');
      // The in-memory brake answers at once: awaiting only a promise spares a lookup two
      // turns of the microtask queue (docs/decisions/160-versions-route-profile.md).
      const braking = brake.retryAfterSeconds(client, tried);
      const retryAfter = braking instanceof Promise ? await braking : braking;
      if (retryAfter !== undefined) {
        app.metrics.brakeRefusals.inc();
        await reply
          .status(429)
          .header('retry-after', retryAfter)
          .send({ message: TOO_MANY_FAILURES, code: 'too-many-failures' } satisfies ErrorBody);
        return undefined;
      }
      if (credential && accepted[credential.scheme] !== undefined) {
        const snapshot = app.catalogue.loaded();
        const registration = snapshot
          ? app.registrations.findIn(snapshot, credential, tried)
          : await app.registrations.find(credential, tried);
        if (registration) {
          const recording = brake.recordSuccess(client, tried);
          if (recording) await recording;
          return { kind: 'customer', registration, credential } satisfies Caller;
        }
      }
      await refuse(request, reply, refusal(accepted, header), tried);
      return undefined;
    });
  },
  { name: 'customer-auth', dependencies: ['catalogue', 'registrations', 'staff-roles', 'guessing-brake', 'metrics'] },
);

/** What a customer page tells a refused ID by, in its own language (docs/api.md, "Error codes"). */
const REFUSAL_CODES: Readonly<Record<CustomerScheme, ErrorCode>> = {
  hasp: 'registration-id-unknown',
  rainbow: 'key-id-unknown',
};

/** The 401 text and code for the scheme the header names, else the endpoint's first. */
function refusal(accepted: AcceptedCredentials, header: string | undefined): ErrorBody {
  const named: CustomerScheme = authorizationScheme(header) === 'rainbow' ? 'rainbow' : 'hasp';
  const scheme = ([named, 'hasp', 'rainbow'] as const).find((candidate) => accepted[candidate] !== undefined);
  return scheme ? { message: accepted[scheme]!, code: REFUSAL_CODES[scheme] } : { message: STAFF_SIGN_IN_REQUIRED };
}

/** How a customer route documents the header it reads credentials from. */
export const CustomerAuthorizationHeaders = Type.Object({
  authorization: Type.Optional(
    Type.String({ description: '`Hasp id=…`, `Rainbow id=…` or `Bearer …` (the scheme in any case)' }),
  ),
});

/** The header of the ChromaTOF download lookup (SPEC §6: scheme 'Rainbow', no `id=`). */
export const KeyIdDownloadsHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: '`Rainbow <key ID>` (the scheme in any case)' })),
});

/**
 * Every route that takes a customer credential states its schemes in
 * `config.customerCredentials`: this collects them as routes are added (`app.customerRoutes`,
 * which the tests walk), and refuses a route that declares a customer's Authorization header
 * but states nothing. Called by buildApp on the bare instance, before any route exists.
 */
export function collectCustomerRoutes(app: FastifyInstance) {
  const customerRoutes: CustomerRoute[] = [];
  app.decorate('customerRoutes', customerRoutes);
  app.addHook('onRoute', (route) => {
    const accepted = route.config?.customerCredentials;
    if (accepted === undefined) {
      if (declaresCustomerHeader(route))
        throw new Error(
          `${String(route.method)} ${route.url} takes a customer credential but states no schemes (config.customerCredentials)`,
        );
      return;
    }
    const staffAccess = route.config?.staffAccess;
    for (const method of [route.method].flat()) customerRoutes.push({ method, url: route.url, accepted, staffAccess });
  });
}

function declaresCustomerHeader(route: RouteOptions): boolean {
  const headers = route.schema?.headers;
  return headers === CustomerAuthorizationHeaders || headers === KeyIdDownloadsHeaders;
}

/** The answers every customer route may give besides its own: a refused credential, a braked client. */
export const CUSTOMER_AUTH_RESPONSES = { 401: ErrorBody, 429: ErrorBody } as const;
