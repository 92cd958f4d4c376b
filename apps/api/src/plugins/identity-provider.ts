import { OIDC_PATHS } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import * as oidc from 'openid-client';
import type { OidcConfig } from '../config/config';

declare module 'fastify' {
  interface FastifyInstance {
    /** The company's identity provider (OIDC_*), or undefined when none is configured. */
    identityProvider: IdentityProvider | undefined;
  }
}

export interface IdentityProvider {
  settings: OidcConfig;
  /** PUBLIC_URL + the callback path: what the provider must have registered for this client. */
  redirectUri: URL;
  /**
   * The provider's discovered metadata as an openid-client configuration, or undefined while
   * the issuer cannot be reached. Discovery is tried at start-up and again on the next call
   * after a failure, so a provider that was down at start-up is found once it is back.
   */
  client(): Promise<oidc.Configuration | undefined>;
  /**
   * Whether discovery has succeeded, answered at once. While it has not, this starts one more
   * attempt (one at a time, shared with `client()`) and does not wait for it: the next
   * question sees its result. What `GET OIDC_PATHS.status` answers.
   */
  available(): boolean;
}

/** A person waits for this at most when the issuer does not answer; then the button's page says it is unavailable. */
const DISCOVERY_TIMEOUT_SECONDS = 5;

/**
 * openid-client over OIDC_ISSUER (docs/sign-in.md#sign-in-with-the-company-account): one
 * discovered configuration per portal. The ID token's signature is checked against the
 * provider's published keys even though it comes straight from the token endpoint
 * (non-repudiation checks), so a token signed by any other key is refused. Plain http is
 * allowed only for a loopback issuer, which config.ts alone lets through.
 */
export default fp(
  async function identityProviderPlugin(app: FastifyInstance) {
    const settings = app.config.oidc;
    if (!settings) {
      app.decorate('identityProvider', undefined);
      return;
    }
    const execute = [oidc.enableNonRepudiationChecks];
    if (settings.issuer.protocol === 'http:') execute.push(oidc.allowInsecureRequests);

    let discovered: oidc.Configuration | undefined;
    let pending: Promise<oidc.Configuration | undefined> | undefined;
    const client = (): Promise<oidc.Configuration | undefined> => {
      if (discovered) return Promise.resolve(discovered);
      pending ??= oidc
        .discovery(settings.issuer, settings.clientId, settings.clientSecret, undefined, {
          execute,
          timeout: DISCOVERY_TIMEOUT_SECONDS,
        })
        .then(
          (configuration) => {
            discovered = configuration;
            app.log.info(`Identity provider ${settings.issuer.href} discovered`);
            return configuration;
          },
          (error: unknown) => {
            // The issuer's address and the failure's kind; nothing of a token is at stake here.
            app.log.warn(
              `Identity provider ${settings.issuer.href} could not be discovered (${errorKind(error)}); sign-in with ${settings.name} is unavailable until it answers`,
            );
            return undefined;
          },
        )
        .finally(() => {
          pending = undefined;
        });
      return pending;
    };
    app.decorate('identityProvider', {
      settings,
      redirectUri: new URL(OIDC_PATHS.callback, app.config.publicUrl),
      client,
      available: () => {
        if (discovered) return true;
        void client();
        return false;
      },
    } satisfies IdentityProvider);
    // Started now, awaited by no one: a provider that is down does not hold up start-up.
    void client();
  },
  { name: 'identity-provider', dependencies: ['config'] },
);

/** A failure's code or name, never its message (which may quote what the provider sent). */
export function errorKind(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === 'string' ? code : error.name;
  }
  return 'unknown error';
}
