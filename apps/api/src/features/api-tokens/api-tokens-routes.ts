import {
  allows,
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_MESSAGES,
  API_TOKEN_PATHS,
  ApiTokenList,
  ApiTokenParams,
  apiTokenName,
  AUDIT_ACTIONS,
  CreateApiToken,
  CreatedApiToken,
  ErrorBody,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { STAFF_AUTH_RESPONSES, StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { createApiToken, listApiTokens, revokeApiToken } from '../../shared/api-tokens';

/**
 * API tokens (docs/publishing.md#from-a-build-pipeline, docs/decisions/260-api-tokens-for-publishing.md):
 * a publisher creates, lists and revokes their own; an administrator sees and revokes
 * everyone's. No API token may manage tokens: these routes take sessions only.
 */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['api-tokens'];
  const config = { staffAccess: 'publisher' } as const;
  /** Whose tokens the caller may see and revoke: undefined for everyone's (an administrator). */
  const ownerFilter = async (request: FastifyRequest) => {
    const { email } = request.staff!;
    return allows(await app.staffRoles.rolesOf(email), 'admin') ? undefined : email;
  };

  app.get(
    API_TOKEN_PATHS.tokens,
    {
      config,
      schema: {
        tags,
        summary: "The caller's API tokens (an administrator's answer: everyone's), oldest first",
        headers: StaffAuthorizationHeaders,
        response: { 200: ApiTokenList, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request) => ({ tokens: await listApiTokens(app.db, await ownerFilter(request)) }),
  );

  app.post(
    API_TOKEN_PATHS.tokens,
    {
      config,
      schema: {
        tags,
        summary: 'Create an API token for publishing; the answer is the only one that carries the token',
        headers: StaffAuthorizationHeaders,
        body: CreateApiToken,
        response: { 201: CreatedApiToken, 400: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const name = apiTokenName(request.body.name);
      if (name === undefined) return reply.status(400).send({ message: API_TOKEN_MESSAGES.name });
      const created = await app.db.transaction(async (tx) => {
        const token = await createApiToken(tx, app.secretKey, {
          name,
          createdBy: request.staff!.email,
          expiresInDays: request.body.expiresInDays ?? API_TOKEN_DEFAULT_DAYS,
        });
        await app.auditLog.record(tx, request, {
          action: AUDIT_ACTIONS.apiTokenCreate,
          outcome: 'created',
          detail: { token: token.id, name: token.name, scope: token.scope, expiresAt: token.expiresAt },
        });
        return token;
      });
      return reply.status(201).send(created);
    },
  );

  app.delete(
    API_TOKEN_PATHS.token,
    {
      config,
      schema: {
        tags,
        summary: 'Revoke an API token: refused at once on every portal',
        headers: StaffAuthorizationHeaders,
        params: ApiTokenParams,
        response: { 204: Type.Null(), 404: ErrorBody, ...STAFF_AUTH_RESPONSES },
      },
    },
    async (request, reply) => {
      const owner = await ownerFilter(request);
      const revoked = await app.db.transaction(async (tx) => {
        const token = await revokeApiToken(tx, request.params.tokenId, owner);
        if (token)
          await app.auditLog.record(tx, request, {
            action: AUDIT_ACTIONS.apiTokenRevoke,
            outcome: 'revoked',
            detail: { token: token.id, name: token.name, createdBy: token.createdBy },
          });
        return token;
      });
      if (!revoked) return reply.status(404).send({ message: API_TOKEN_MESSAGES.noSuchToken });
      return reply.status(204).send(null);
    },
  );
};

export const apiTokensRoutes = fp(routes, {
  name: 'api-tokens-routes',
  dependencies: ['config', 'database', 'staff-roles', 'audit-log'],
  encapsulate: true,
});
