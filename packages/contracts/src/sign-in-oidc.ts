import { Type, type Static } from 'typebox';

/**
 * Staff sign-in through the company's identity provider (OpenID Connect, docs/sign-in.md):
 * its paths, the reasons a sign-in is refused (the callback names one on `/auth`, the page
 * says it in words) and the run-time settings the server writes into every page.
 */
export const OIDC_PATHS = {
  /** GET ?redirect=<path>&verifierHash=<hex>: 302 to the identity provider. */
  start: '/v1/auth/oidc/start',
  /** GET: where the identity provider sends the person back (PUBLIC_URL + this is the redirect URI). */
  callback: '/v1/auth/oidc/callback',
  /** GET: whether the identity provider can be reached now (`OidcStatus`); public, cheap, rate-limited. */
  status: '/v1/auth/oidc/status',
} as const;

/**
 * `GET OIDC_PATHS.status`: `available` is false while the provider's discovery has not
 * succeeded (down at start-up); asking again retries it, without waiting for the answer.
 */
export const OidcStatus = Type.Object({ available: Type.Boolean() }, { additionalProperties: false });
export type OidcStatus = Static<typeof OidcStatus>;

/**
 * What the sign-in widget and `/auth` say under the button while the provider cannot be
 * reached; with OIDC_ONLY there is no e-mailed link to point to.
 */
export function oidcUnavailableMessage(name: string, { emailDoor = true }: { emailDoor?: boolean } = {}): string {
  return emailDoor
    ? `Sign-in with ${name} is unavailable right now; use the e-mailed link.`
    : `Sign-in with ${name} is unavailable right now; try again in a few minutes.`;
}

/** The `/auth` query parameter that names why a sign-in through the identity provider was refused. */
export const OIDC_REFUSAL_PARAM = 'refused';

/** Why the identity provider's sign-in made no session; `/auth?refused=<reason>` says it in words. */
export const OIDC_REFUSALS = {
  unavailable: 'Sign-in with your company account is unavailable right now. Try again later.',
  expired: 'This sign-in attempt expired or was already used. Please start again.',
  denied: 'Your company account did not sign you in.',
  failed: "The identity provider's answer could not be verified, so you were not signed in.",
  unverified: 'Your company account has no verified e-mail address, so you cannot sign in here. Ask IT to verify it.',
  'not-staff': 'Your company account has an e-mail address outside the company domains, so you cannot sign in here.',
  groups: 'Your company account sent its groups in a form the portal cannot read, so you were not signed in. Ask IT.',
} as const;
export type OidcRefusal = keyof typeof OIDC_REFUSALS;

export function isOidcRefusal(value: string | null | undefined): value is OidcRefusal {
  return typeof value === 'string' && Object.hasOwn(OIDC_REFUSALS, value);
}

/** What the button says: "Sign in with {OIDC_NAME}". */
export function oidcButtonLabel(name: string): string {
  return `Sign in with ${name}`;
}

/** A bearer's claim that says its session came through the identity provider and ends after OIDC_SESSION_HOURS. */
export const OIDC_SESSION_CLAIM = 'idp';

/** The audit log's actor of a change of roles the identity provider's groups made. */
export const OIDC_AUDIT_ACTOR = 'oidc';
