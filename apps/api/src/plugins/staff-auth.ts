import { ErrorBody } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { CREDENTIAL_ANSWER_CACHE_CONTROL } from '../shared/cache-control';
import { verifyStaffBearer, type StaffIdentity } from '../shared/staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for staff routes: 401 `{ message }` unless a valid, open session's bearer came with the request. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The staff identity of a request that carries `Authorization: Bearer …`, if valid; never throws. */
    staffIdentity(request: FastifyRequest): Promise<StaffIdentity | undefined>;
  }
  interface FastifyRequest {
    /** Set by requireStaff. */
    staff?: StaffIdentity;
  }
}

/** The 401 message of every staff route, wherever the bearer is checked. */
export const STAFF_SIGN_IN_REQUIRED = 'Sign in to use this.';

/** The headers a staff route declares: the session bearer. */
export const StaffAuthorizationHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: '`Bearer …` of a staff session' })),
});

/** The answers every staff route may give besides its own. */
export const STAFF_AUTH_RESPONSES = { 401: ErrorBody } as const;

// The scheme name is case-insensitive (RFC 9110 §11.1): "bearer …" is as good as "Bearer …".
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

export default fp(
  async function staffAuth(app: FastifyInstance) {
    app.decorateRequest('staff', undefined);
    app.decorate('staffIdentity', async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      if (token === undefined) return undefined;
      return verifyStaffBearer(app.db, app.secretKey, token);
    });
    app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', CREDENTIAL_ANSWER_CACHE_CONTROL);
      const staff = await app.staffIdentity(request);
      if (!staff) return reply.status(401).send({ message: STAFF_SIGN_IN_REQUIRED });
      request.staff = staff;
    });
  },
  { name: 'staff-auth', dependencies: ['database', 'config'] },
);
