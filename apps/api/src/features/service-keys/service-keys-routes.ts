import {
  AUDIT_ACTIONS,
  ChallengeKeyParams,
  ErrorBody,
  ExpiringServiceKey,
  INVALID_CHALLENGE_KEY,
  SERVICE_KEYS_PATHS,
  ServiceKeyResponse,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';

/** Service Mode keys for signed-in staff (SPEC §2, §7; docs/service-keys.md). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['service-keys'];

  app.get(
    SERVICE_KEYS_PATHS.challenge,
    {
      config: { staffAccess: 'service' },
      schema: {
        tags,
        summary: 'The response code for an instrument challenge key (OCRA-1:HOTP-SHA256-8:QN08)',
        headers: StaffAuthorizationHeaders,
        params: ChallengeKeyParams,
        response: { 200: ServiceKeyResponse, 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const { challengeKey } = request.params;
      const responseCode = app.serviceKeys.responseFor(challengeKey);
      if (responseCode === undefined) return reply.status(404).send({ message: INVALID_CHALLENGE_KEY });
      // The key is handed out only once its audit row is committed.
      await app.db.transaction((tx) =>
        app.auditLog.record(tx, request, {
          action: AUDIT_ACTIONS.challengeResponse,
          outcome: 'issued',
          secret: challengeKey,
        }),
      );
      return { responseCode };
    },
  );

  app.get(
    SERVICE_KEYS_PATHS.expiring,
    {
      config: { staffAccess: 'service' },
      schema: {
        tags,
        summary: 'An expiring response key, valid 24 hours, for Cornerstone 2.8.1 and later',
        headers: StaffAuthorizationHeaders,
        response: { 200: ExpiringServiceKey, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request) => {
      const { responseCode, expiresAt } = app.serviceKeys.expiringKey();
      await app.db.transaction((tx) =>
        app.auditLog.record(tx, request, {
          action: AUDIT_ACTIONS.expiringKey,
          outcome: 'issued',
          secret: responseCode,
        }),
      );
      return { responseCode, expiresAt: expiresAt.toISOString() };
    },
  );
};

export const serviceKeysRoutes = fp(routes, {
  name: 'service-keys-routes',
  dependencies: ['database', 'staff-roles', 'service-keys', 'audit-log'],
  encapsulate: true,
});
