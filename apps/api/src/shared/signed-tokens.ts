import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { derivedKey } from './keyed-digest';

const ALGORITHM = 'HS256';
const ISSUER = 'portal';

/**
 * The portal's signed tokens (session bearers, sign-in links): HS256 JWTs whose payload the
 * browser can read. Each kind has a purpose, which is both its audience and the name of its
 * key, so one kind can never pass as another.
 */
export interface TokenClaims {
  email: string;
  id: string;
  issuedAt: Date;
  expiresAt: Date;
  /** Claims of the token's own (for example that a session came through the identity provider). */
  extra?: Record<string, string | number | boolean>;
}

export async function signToken(secretKey: Buffer, purpose: string, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ...claims.extra, email: claims.email })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setJti(claims.id)
    .setIssuer(ISSUER)
    .setAudience(purpose)
    .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
    .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
    .sign(derivedKey(secretKey, purpose));
}

/**
 * The payload of a token of this purpose, or undefined: our signature with HS256 only (no
 * `alg: none`, no other algorithm), our issuer, this audience, and unexpired by the
 * server's clock.
 */
export async function verifyToken(
  secretKey: Buffer,
  purpose: string,
  token: string,
  now: Date,
): Promise<(JWTPayload & { jti: string }) | undefined> {
  try {
    const { payload } = await jwtVerify(token, derivedKey(secretKey, purpose), {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      audience: purpose,
      currentDate: now,
      requiredClaims: ['jti', 'exp'],
    });
    return typeof payload.jti === 'string' ? (payload as JWTPayload & { jti: string }) : undefined;
  } catch {
    return undefined;
  }
}
