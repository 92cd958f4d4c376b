/** An identity whose sign-in ends within this many hours counts as old (SPEC §4, §9). */
export const TOKEN_OLD_AFTER_HOURS = 504;

/** What a bearer token says about its holder: read from its payload, trusted only by the server. */
export interface Identity {
  email: string;
  /** Expiry, seconds since the epoch; absent or not a number makes the identity old. */
  exp: number | undefined;
}

export type IdentityState = 'fresh' | 'old';

/** Fresh only while expiry is more than TOKEN_OLD_AFTER_HOURS away; missing, past or near expiry is old. */
export function identityState(identity: Identity, nowMs: number): IdentityState {
  if (typeof identity.exp !== 'number' || !Number.isFinite(identity.exp)) return 'old';
  const msLeft = identity.exp * 1000 - nowMs;
  return msLeft > TOKEN_OLD_AFTER_HOURS * 3_600_000 ? 'fresh' : 'old';
}

/**
 * The identity a token (`header.payload.signature`, base64url JSON payload) names, or
 * undefined when it does not decode. Decoding is not verification: only the server,
 * which checks the signature, may act on what a token says.
 */
export function decodeIdentity(token: string): Identity | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))));
    if (typeof json !== 'object' || json === null || typeof json.email !== 'string') return undefined;
    return { email: json.email, exp: typeof json.exp === 'number' ? json.exp : undefined };
  } catch {
    return undefined;
  }
}
