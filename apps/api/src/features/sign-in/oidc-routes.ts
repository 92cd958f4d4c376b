import {
  AUDIT_ACTIONS,
  ErrorBody,
  OIDC_AUDIT_ACTOR,
  OIDC_PATHS,
  OIDC_REFUSAL_PARAM,
  type OidcRefusal,
  OidcStatus,
  safeRedirectPath,
  SIGN_IN_PATHS,
} from '@portal/contracts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import type { IdentityProvider } from '../../plugins/identity-provider';
import { orderedRoles, setRolesFromIdentityProvider } from '../../shared/staff-members';
import { finishIdentityProviderSignIn, startIdentityProviderSignIn } from './oidc-sign-in';
import { createIdentityProviderToken } from './sign-in-links';
import { signInLinkUrl } from './sign-in-mail';
import { MESSAGES } from './sign-in-messages';

/** Per client (IP address): sign-ins started and callbacks, each far above what a person clicks. */
export const OIDC_STARTS_PER_CLIENT = { max: 30, timeWindow: '10 minutes' };
/** Per client: status questions (each page with the button asks once, and again on focus). */
export const OIDC_STATUS_PER_CLIENT = { max: 120, timeWindow: '10 minutes' };

const MAX_PARAM_CHARS = 4096;
const StartQuery = Type.Object(
  {
    redirect: Type.Optional(Type.String({ maxLength: 2048 })),
    /** Hex SHA-256 of the verifier the browser keeps, as with an e-mailed link: /auth then signs in without a click. */
    verifierHash: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  },
  { additionalProperties: false },
);
// What providers send back varies (iss, session_state, scope…): any parameter, each a bounded string.
const CallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: MAX_PARAM_CHARS })),
    code: Type.Optional(Type.String({ maxLength: MAX_PARAM_CHARS })),
    error: Type.Optional(Type.String({ maxLength: MAX_PARAM_CHARS })),
  },
  { additionalProperties: Type.String({ maxLength: MAX_PARAM_CHARS }) },
);

/**
 * Sign-in through the company's identity provider (docs/sign-in.md#sign-in-with-the-company-account):
 * the start sends the person to the provider; the callback checks its answer and lands them
 * on /auth with a one-time token, as an e-mailed link does, or with the reason it refused.
 */
export const oidcRoutes = fp<{ provider: IdentityProvider }>(
  async function oidc(instance: FastifyInstance, { provider }) {
    const app = instance.withTypeProvider<TypeBoxTypeProvider>();
    const { config } = app;
    const landing = (params: Record<string, string | undefined>) => {
      const url = new URL(SIGN_IN_PATHS.landing, config.publicUrl);
      for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
      return url.href;
    };
    const refuse = (reason: OidcRefusal, redirectPath: string | undefined) =>
      landing({ [OIDC_REFUSAL_PARAM]: reason, redirect: redirectPath });
    const limit = (name: string, perClient = OIDC_STARTS_PER_CLIENT) =>
      app.limitPerClient(name, {
        ...perClient,
        onOutage: 'open',
        errorResponseBuilder: () => ({ statusCode: 429, message: MESSAGES.tooMany }),
      });

    app.get(
      OIDC_PATHS.status,
      {
        onRequest: limit('oidc-status', OIDC_STATUS_PER_CLIENT),
        schema: {
          tags: ['sign-in'],
          summary: `Whether the identity provider can be reached now; asking while it cannot retries its discovery`,
          response: { 200: OidcStatus, 429: ErrorBody },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { available: provider.available() };
      },
    );

    app.get(
      OIDC_PATHS.start,
      {
        onRequest: limit('oidc-starts'),
        schema: {
          tags: ['sign-in'],
          summary: `Start a sign-in through the identity provider: 302 to its login page`,
          querystring: StartQuery,
          response: { 302: Type.Null(), 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        const redirectPath = safeRedirectPath(request.query.redirect);
        const outcome = await startIdentityProviderSignIn(app.db, app.secretKey, provider, {
          redirectPath,
          verifierHash: request.query.verifierHash,
        });
        reply.header('cache-control', 'no-store');
        return reply.redirect(
          outcome.kind === 'redirect' ? outcome.url.href : refuse('unavailable', redirectPath),
          302,
        );
      },
    );

    app.get(
      OIDC_PATHS.callback,
      {
        onRequest: limit('oidc-callbacks'),
        schema: {
          tags: ['sign-in'],
          summary: `The identity provider's answer: 302 to /auth with a one-time token, or with the reason it was refused`,
          querystring: CallbackQuery,
          response: { 302: Type.Null(), 400: ErrorBody, 429: ErrorBody },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        // The address the provider redirected to, rebuilt on the registered redirect URI (never the request's Host).
        const callbackUrl = new URL(provider.redirectUri);
        for (const [key, value] of Object.entries(request.query)) callbackUrl.searchParams.set(key, String(value));
        const outcome = await finishIdentityProviderSignIn(app.db, app.secretKey, provider, {
          callbackUrl,
          staffEmailDomains: config.staffEmailDomains,
        });
        if (outcome.kind === 'refused') {
          // The reason and a failure's kind; never the code, a token or the address.
          request.log.info(
            `Sign-in with ${provider.settings.name} refused: ${outcome.reason} (${outcome.detail ?? ''})`,
          );
          return reply.redirect(refuse(outcome.reason, outcome.redirectPath), 302);
        }
        const { email, mappedRoles } = outcome;
        if (mappedRoles) {
          // ADMIN_EMAILS hold admin whatever the groups say.
          const roles = orderedRoles(config.adminEmails.includes(email) ? [...mappedRoles, 'admin'] : mappedRoles);
          await app.db.transaction(async (tx) => {
            const { before, after } = await setRolesFromIdentityProvider(tx, email, roles);
            const unchanged = before.length === after.length && before.every((role, index) => role === after[index]);
            await app.auditLog.recordAs(tx, request, OIDC_AUDIT_ACTOR, {
              action: AUDIT_ACTIONS.rolesChange,
              outcome: unchanged ? 'unchanged' : 'changed',
              detail: { subject: email, before, after },
            });
          });
          app.staffRoles.forget(email);
        }
        const token = await createIdentityProviderToken(app.db, app.secretKey, {
          email,
          verifierHash: outcome.verifierHash,
        });
        return reply.redirect(signInLinkUrl(config.publicUrl, token, outcome.redirectPath).href, 302);
      },
    );
  },
  {
    name: 'oidc-routes',
    dependencies: ['config', 'database', 'rate-limit', 'audit-log', 'staff-roles'],
  },
);
