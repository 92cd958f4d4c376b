import { ErrorBody, parseBearerAuthorization } from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { verifyStaffBearer, type StaffIdentity } from '../shared/staff-sessions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff identity of a request that carries `Authorization: Bearer …`, if valid; never throws. */
    staffIdentity(request: FastifyRequest): Promise<StaffIdentity | undefined>;
  }
  interface FastifyRequest {
    /** Set by the staff-roles plugin's check (each route's `config.staffAccess`) once the bearer is good. */
    staff?: StaffIdentity;
  }
}

/** The 401 message of every staff route, wherever the bearer is checked. */
export const STAFF_SIGN_IN_REQUIRED = 'Sign in to use this.';

/** The headers a staff route declares: the session bearer. */
export const StaffAuthorizationHeaders = Type.Object({
  authorization: Type.Optional(Type.String({ description: '`Bearer …` of a staff session' })),
});

/**
 * The answers every staff route may give besides its own: 401 without a good bearer, 403
 * without the role (`roleRequiredMessage`).
 */
export const STAFF_AUTH_RESPONSES = { 401: ErrorBody, 403: ErrorBody } as const;

export default fp(
  async function staffAuth(app: FastifyInstance) {
    app.decorateRequest('staff', undefined);
    app.decorate('staffIdentity', async (request: FastifyRequest) => {
      // The contracts' one reader of the header: "bearer …" is as good as "Bearer …" (RFC 9110 §11.1).
      const token = parseBearerAuthorization(request.headers.authorization);
      if (token === undefined) return undefined;
      return verifyStaffBearer(app.db, app.secretKey, token);
    });
  },
  { name: 'staff-auth', dependencies: ['database', 'config'] },
);
