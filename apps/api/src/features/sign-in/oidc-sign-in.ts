import { type OidcRefusal, STAFF_ROLES, type StaffRole } from '@portal/contracts';
import { and, eq, gt, lt } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { OidcRoleMap } from '../../config/config';
import type { Database } from '../../db/connect';
import { errorKind, type IdentityProvider } from '../../plugins/identity-provider';
import { canonicalEmail, isStaffAddress } from '../../shared/canonical-email';
import { keyedDigester } from '../../shared/keyed-digest';
import { oidcSignIns } from './sign-in-schema';

/** A person has this long between the button and the provider's callback (their login page included). */
export const OIDC_TRANSACTION_MINUTES = 10;
const TRANSACTION_LIFETIME_MS = OIDC_TRANSACTION_MINUTES * 60_000;
const STATE_PURPOSE = 'oidc-state';
const VERIFIER_PURPOSE = 'oidc-pkce-verifier';
const NONCE_PURPOSE = 'oidc-nonce';
/** What the portal asks the provider for: who the person is and their address. */
const BASE_SCOPES = ['openid', 'email', 'profile'];

/**
 * PKCE verifier and nonce of a sign-in, derived from its state with the secret key: the
 * database row keeps neither (only the state's digest), and nothing rides in a cookie.
 * Hex of HMAC-SHA-256: 64 unreserved characters, as RFC 7636 wants (43-128).
 */
function secretsOf(secretKey: Buffer, state: string) {
  return {
    stateDigest: keyedDigester(secretKey, STATE_PURPOSE)(state),
    codeVerifier: keyedDigester(secretKey, VERIFIER_PURPOSE)(state),
    nonce: keyedDigester(secretKey, NONCE_PURPOSE)(state),
  };
}

export type StartOutcome = { kind: 'redirect'; url: URL } | { kind: 'unavailable' };

/**
 * The address of the provider's authorization endpoint for a new sign-in (authorization
 * code flow with PKCE S256, state and nonce), after recording the sign-in under its state.
 */
export async function startIdentityProviderSignIn(
  db: Database,
  secretKey: Buffer,
  provider: IdentityProvider,
  { redirectPath, verifierHash }: { redirectPath: string; verifierHash: string | undefined },
  now = new Date(),
): Promise<StartOutcome> {
  const client = await provider.client();
  if (!client) return { kind: 'unavailable' };
  const state = oidc.randomState();
  const { stateDigest, codeVerifier, nonce } = secretsOf(secretKey, state);
  await db.delete(oidcSignIns).where(lt(oidcSignIns.expiresAt, now));
  await db.insert(oidcSignIns).values({
    stateDigest,
    redirectPath,
    verifierHash: verifierHash ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + TRANSACTION_LIFETIME_MS),
  });
  const scopes = [...BASE_SCOPES];
  // Okta and others release a groups claim only for a scope of that name.
  const { roleMap, rolesClaim } = provider.settings;
  if (roleMap && client.serverMetadata().scopes_supported?.includes(rolesClaim)) scopes.push(rolesClaim);
  const url = oidc.buildAuthorizationUrl(client, {
    redirect_uri: provider.redirectUri.href,
    scope: scopes.join(' '),
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { kind: 'redirect', url };
}

export type CallbackOutcome =
  | { kind: 'refused'; reason: OidcRefusal; redirectPath?: string; detail?: string }
  | {
      kind: 'confirmed';
      email: string;
      redirectPath: string;
      verifierHash: string | null;
      /** The roles the groups give, when OIDC_ROLE_MAP is set (ADMIN_EMAILS not yet added). */
      mappedRoles: StaffRole[] | undefined;
    };

/**
 * The provider's answer at the callback, checked: the state names a sign-in this portal
 * started and that is not yet used nor expired (spent here, whatever follows); the code is
 * redeemed with the PKCE verifier; the ID token's issuer, audience, expiry, nonce and
 * signature (the provider's published keys) are checked by openid-client; then the address
 * must be verified and of STAFF_EMAIL_DOMAINS, and the groups claim a list of strings.
 * `detail`: for the log, a failure's kind, never a token nor the provider's words.
 */
export async function finishIdentityProviderSignIn(
  db: Database,
  secretKey: Buffer,
  provider: IdentityProvider,
  { callbackUrl, staffEmailDomains }: { callbackUrl: URL; staffEmailDomains: readonly string[] },
  now = new Date(),
): Promise<CallbackOutcome> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) return { kind: 'refused', reason: 'expired', detail: 'no state' };
  const { stateDigest, codeVerifier, nonce } = secretsOf(secretKey, state);
  // One conditional DELETE: of two callbacks with one state exactly one finds it.
  const [started] = await db
    .delete(oidcSignIns)
    .where(and(eq(oidcSignIns.stateDigest, stateDigest), gt(oidcSignIns.expiresAt, now)))
    .returning({ redirectPath: oidcSignIns.redirectPath, verifierHash: oidcSignIns.verifierHash });
  if (!started) return { kind: 'refused', reason: 'expired', detail: 'unknown, used or expired state' };
  const { redirectPath } = started;
  if (callbackUrl.searchParams.has('error')) {
    return { kind: 'refused', reason: 'denied', redirectPath, detail: 'the provider answered with an error' };
  }
  const client = await provider.client();
  if (!client) return { kind: 'refused', reason: 'unavailable', redirectPath };

  let claims: oidc.IDToken | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(client, callbackUrl, {
      pkceCodeVerifier: codeVerifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    return { kind: 'refused', reason: 'failed', redirectPath, detail: errorKind(error) };
  }
  if (!claims) return { kind: 'refused', reason: 'failed', redirectPath, detail: 'no ID token' };

  if (claims.email_verified !== true)
    return { kind: 'refused', reason: 'unverified', redirectPath, detail: 'email_verified is not true' };
  const email = typeof claims.email === 'string' ? canonicalEmail(claims.email) : undefined;
  if (!email || !isStaffAddress(email, staffEmailDomains))
    return { kind: 'refused', reason: 'not-staff', redirectPath, detail: 'address outside STAFF_EMAIL_DOMAINS' };

  let mappedRoles: StaffRole[] | undefined;
  const { roleMap, rolesClaim } = provider.settings;
  if (roleMap) {
    const groups = groupsOf(claims[rolesClaim]);
    if (!groups)
      return { kind: 'refused', reason: 'groups', redirectPath, detail: `${rolesClaim} is not a list of strings` };
    mappedRoles = rolesOfGroups(roleMap, groups);
  }
  return { kind: 'confirmed', email, redirectPath, verifierHash: started.verifierHash, mappedRoles };
}

/** The groups claim as a list of strings; a missing claim is no group; anything else is refused. */
export function groupsOf(value: unknown): string[] | undefined {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((group) => typeof group === 'string')) return undefined;
  return value;
}

/** The roles any of whose groups the person is in, in STAFF_ROLES order. */
export function rolesOfGroups(roleMap: OidcRoleMap, groups: readonly string[]): StaffRole[] {
  const held = new Set(groups);
  return STAFF_ROLES.filter((role) => (roleMap[role] ?? []).some((group) => held.has(group)));
}
