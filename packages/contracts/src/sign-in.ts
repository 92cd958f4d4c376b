import { Type, type Static } from 'typebox';
import { SIGN_IN_PATHS } from './sign-in-paths';

/** A sign-in link works once and for this long (SPEC §9). */
export const SIGN_IN_LINK_MINUTES = 15;

/** Where the requesting browser keeps the verifier whose SHA-256 went with its request. */
export const SIGN_IN_VERIFIER_STORAGE_KEY = 'sign-in-verifier';

const EMAIL_MAX_CHARS = 320;
const REDIRECT_PATH_MAX_CHARS = 2048;

/** `PUT` SIGN_IN_PATHS.linkRequests: e-mail me a sign-in link that brings me back to redirectPath. */
export const SignInRequest = Type.Object(
  {
    email: Type.String({ maxLength: EMAIL_MAX_CHARS }),
    redirectPath: Type.String({ maxLength: REDIRECT_PATH_MAX_CHARS }),
    /** Hex SHA-256 of a random verifier the requesting browser keeps; lets that browser sign in without a click. */
    verifierHash: Type.Optional(Type.String({ pattern: '^[0-9a-f]{64}$' })),
  },
  { additionalProperties: false },
);
export type SignInRequest = Static<typeof SignInRequest>;

/** The same answer for every allowed address, whether or not it has signed in before. */
export const SignInRequestAccepted = Type.Object({ success: Type.Literal(true) });
export type SignInRequestAccepted = Static<typeof SignInRequestAccepted>;

/** `POST` SIGN_IN_PATHS.sessions: trade the one-time sign-in token of a link for a session bearer. */
export const SignInExchange = Type.Object(
  {
    token: Type.String({ maxLength: 4096 }),
    /** The raw verifier, when this is the browser that asked for the link. */
    verifier: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type SignInExchange = Static<typeof SignInExchange>;

export const StaffSession = Type.Object({ bearer: Type.String() });
export type StaffSession = Static<typeof StaffSession>;

/**
 * The path to follow after sign-in, or '/' when the value is not a path inside this site.
 * Refuses protocol-relative (`//host`, `/\host`), absolute and `javascript:` URLs, their
 * percent-encoded forms and anything a browser would normalise into one of them.
 */
export function safeRedirectPath(value: string | null | undefined): string {
  const fallback = '/';
  if (typeof value !== 'string' || value.length === 0 || value.length > REDIRECT_PATH_MAX_CHARS) return fallback;
  // Browsers drop tabs and newlines from URLs and read '\' as '/': judge what they would see.
  let decoded = value;
  for (let round = 0; round < 3; round += 1) {
    if (!isPlainPath(decoded)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  if (!isPlainPath(decoded)) return fallback;
  const base = 'https://portal.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return fallback;
  }
  if (url.origin !== base) return fallback;
  // Dot segments normalise away ('/.//host' → '//host'): judge the normalised path too.
  if (url.pathname.startsWith('//')) return fallback;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // The sign-in landing itself is no destination: it would only loop.
  if (url.pathname === SIGN_IN_PATHS.landing || url.pathname.startsWith(`${SIGN_IN_PATHS.landing}/`)) return fallback;
  return path;
}

function isPlainPath(path: string): boolean {
  return (
    path.startsWith('/') &&
    !path.startsWith('//') &&
    !path.includes('\\') &&
    // Control characters and whitespace (tab, newline, NBSP…) are dropped or mangled by URL parsers.
    !/[\p{Cc}\p{Z}]/u.test(path)
  );
}
