import {
  ErrorBody,
  safeRedirectPath,
  SERVICE_OUTAGES,
  SignInExchange,
  SignInRequest,
  SignInRequestAccepted,
  SIGN_IN_PATHS,
  siteNameOf,
  StaffSession,
} from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { Type } from 'typebox';
import { StaffAuthorizationHeaders } from '../../plugins/staff-auth';
import { isOutOfSpace } from '../../plugins/disks';
import { ServiceUnavailableError } from '../../shared/service-availability';
import { revokeStaffSession } from '../../shared/staff-sessions';
import { canonicalEmail, isStaffAddress, isTaggedAddress } from '../../shared/canonical-email';
import { createSignInLink, exchangeSignInToken, withdrawSignInLink } from './sign-in-links';
import { oidcRoutes } from './oidc-routes';
import { MESSAGES } from './sign-in-messages';
import { signInLinkUrl, signInMail } from './sign-in-mail';

/** Per client (IP address): link requests and exchanges, on top of one mail per address per minute. */
export const REQUESTS_PER_CLIENT = { max: 20, timeWindow: '10 minutes' };
export const EXCHANGES_PER_CLIENT = { max: 30, timeWindow: '10 minutes' };

export { MESSAGES };

const tooManyResponse = () => ({ statusCode: 429, message: MESSAGES.tooMany });

/**
 * Staff sign-in by an e-mailed one-time link (docs/sign-in.md): request a link, trade its
 * token for a session bearer, sign out. Registered unencapsulated for the /auth header hook.
 */
export const signInRoutes = fp(
  async function signIn(app) {
    // The landing page must not leak its token-bearing address to anything it loads or links.
    // A synchronous onRequest hook, after the security headers' own: it runs on every request.
    app.addHook('onRequest', (request, reply, done) => {
      if (request.url.startsWith(SIGN_IN_PATHS.landing)) {
        const pathname = request.url.split('?', 1)[0];
        if (pathname === SIGN_IN_PATHS.landing || pathname === `${SIGN_IN_PATHS.landing}/`) {
          reply.header('referrer-policy', 'no-referrer');
        }
      }
      done();
    });

    await app.register(signInApi);
    if (app.identityProvider) await app.register(oidcRoutes, { provider: app.identityProvider });
  },
  {
    name: 'sign-in-routes',
    dependencies: [
      'config',
      'database',
      'staff-auth',
      'staff-roles',
      'rate-limit',
      'mailer',
      'metrics',
      'identity-provider',
      'audit-log',
    ],
  },
);

const signInApi: FastifyPluginAsyncTypebox = async (app) => {
  const { config, mailer } = app;
  // OIDC_ONLY: the identity provider is the only door; the link request is not there at all (404).
  if (!config.oidc?.only)
    app.put(
      SIGN_IN_PATHS.linkRequests,
      {
        // Closed while Redis is away: an uncounted request sends mail (docs/decisions/094).
        onRequest: app.limitPerClient('sign-in-requests', {
          ...REQUESTS_PER_CLIENT,
          onOutage: 'closed',
          outage: SERVICE_OUTAGES.signInLimits,
          errorResponseBuilder: tooManyResponse,
        }),
        schema: {
          tags: ['sign-in'],
          summary: 'E-mail a one-time sign-in link to a staff address',
          body: SignInRequest,
          response: { 200: SignInRequestAccepted, 400: ErrorBody, 429: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const email = canonicalEmail(request.body.email);
        if (!email) {
          const tagged = isTaggedAddress(request.body.email);
          return reply.status(400).send({ message: tagged ? MESSAGES.taggedAddress : MESSAGES.notAnAddress });
        }
        if (!isStaffAddress(email, config.staffEmailDomains))
          return reply.status(400).send({ message: MESSAGES.notStaff });

        const link = await createSignInLink(app.db, app.secretKey, { email, verifierHash: request.body.verifierHash });
        if (link.kind === 'too-soon') {
          return reply
            .status(429)
            .header('retry-after', String(link.retryAfterSeconds))
            .send({ message: MESSAGES.tooSoon });
        }
        const url = signInLinkUrl(config.publicUrl, link.token, safeRedirectPath(request.body.redirectPath));
        try {
          const { outboxFile } = await mailer.send(
            signInMail({ to: email, link: url, siteName: siteNameOf(config.makerName) }),
          );
          app.metrics.signInMailsSent.inc();
          // Only for the outbox (development, demos): with real mail the link is never logged.
          if (outboxFile) request.log.info(`Sign-in mail written to ${outboxFile}; link: ${url.toString()}`);
        } catch (error) {
          // Nothing of the request is kept: the new link goes, the links it superseded work again.
          await withdrawSignInLink(app.db, link);
          // The mail server away: the mailer logs the outage once; the person reads when to ask again.
          if (error instanceof ServiceUnavailableError) {
            const { message, retryAfterSeconds } = SERVICE_OUTAGES.signInMail;
            return reply.status(503).header('retry-after', String(retryAfterSeconds)).send({ message });
          }
          // The outbox's disk full: the error handler's 507, nothing kept.
          if (isOutOfSpace(error)) throw error;
          request.log.error({ err: error }, 'sign-in mail could not be sent');
          return reply.status(503).send({ message: MESSAGES.mailFailed });
        }
        return { success: true as const };
      },
    );

  app.post(
    SIGN_IN_PATHS.sessions,
    {
      onRequest: app.limitPerClient('sign-in-exchanges', {
        ...EXCHANGES_PER_CLIENT,
        onOutage: 'closed',
        outage: SERVICE_OUTAGES.signInLimits,
        errorResponseBuilder: tooManyResponse,
      }),
      schema: {
        tags: ['sign-in'],
        summary: 'Trade the one-time token of a sign-in link for a session bearer',
        body: SignInExchange,
        response: { 200: StaffSession, 400: ErrorBody, 409: ErrorBody, 429: ErrorBody, 503: ErrorBody },
      },
    },
    async (request, reply) => {
      const outcome = await exchangeSignInToken(
        app.db,
        app.secretKey,
        request.body,
        new Date(),
        config.oidc?.sessionHours,
      );
      if (outcome.kind === 'invalid') return reply.status(400).send({ message: MESSAGES.invalidSignIn });
      if (outcome.kind === 'verifier-mismatch') return reply.status(409).send({ message: MESSAGES.otherBrowser });
      // The first sign-in makes the person a staff member with the default roles (docs/staff-roles.md).
      await app.staffRoles.recordSignIn(outcome.email);
      // A credential: no cache on the way may keep a copy.
      return reply.header('cache-control', 'no-store').send({ bearer: outcome.bearer });
    },
  );

  app.delete(
    SIGN_IN_PATHS.session,
    {
      config: { staffAccess: 'staff' },
      schema: {
        tags: ['sign-in'],
        summary: 'Sign out: revoke the session of the bearer sent',
        headers: StaffAuthorizationHeaders,
        response: { 204: Type.Null(), 401: ErrorBody },
      },
    },
    async (request, reply) => {
      await revokeStaffSession(app.db, app.secretKey, request.staff!.sessionId);
      return reply.status(204).send(null);
    },
  );
};
