/**
 * How customers and staff prove who they are (SPEC §6, DESIGN "API"): only in the
 * Authorization header, `Hasp id=<registration ID>` for Cornerstone, `Rainbow id=<key ID>`
 * for ChromaTOF PIBs, `Rainbow <key ID>` for the ChromaTOF download lookup, `Bearer <token>`
 * for staff. Both sides build and read the header here; both key-ID forms name the same
 * credential, so the API reads either wherever it takes a key ID.
 */
export type CustomerScheme = 'hasp' | 'rainbow';

export interface CustomerCredential {
  scheme: CustomerScheme;
  id: string;
}

/** The longest registration ID or key ID, in characters. */
export const CUSTOMER_ID_MAX_CHARS = 64;

/** Registration IDs and key IDs: letters, digits and dashes; longer input is not an ID. */
export const CUSTOMER_ID_PATTERN = new RegExp(`^[A-Za-z0-9][A-Za-z0-9-]{0,${CUSTOMER_ID_MAX_CHARS - 1}}$`);

/** A staff member's session token, as its header carries it (`Bearer <token>`). */
export interface BearerCredential {
  scheme: 'bearer';
  token: string;
}

/** What an Authorization header may carry here: a customer's ID, or a staff bearer. */
export type AuthorizationCredential = CustomerCredential | BearerCredential;

// RFC 9110 §11: a scheme, one or more spaces, then an auth-param list or a token68. The scheme
// and a parameter's name are case-insensitive (§11.1, §11.2): `hasp ID=…` is `Hasp id=…`.
const CREDENTIALS = /^([A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]*) +(.*)$/;
// `id=X`, with optional whitespace around `=` (BWS) and X a token or a quoted-string.
const ID_PARAMETER = /^id[ \t]*=[ \t]*(?:"([^"\\]*)"|([^\s",]*))[ \t]*$/i;
// RFC 6750's b64token: what a bearer token may be.
const BEARER_TOKEN = /^[\w.~+/-]+=*$/;

export function registrationIdAuthorization(registrationId: string): string {
  return `Hasp id=${registrationId.trim()}`;
}

export function keyIdAuthorization(keyId: string): string {
  return `Rainbow id=${keyId.trim()}`;
}

/** The header of the ChromaTOF download lookup (SPEC §6: scheme 'Rainbow', no `id=`). */
export function keyIdDownloadsAuthorization(keyId: string): string {
  return `Rainbow ${keyId.trim()}`;
}

/** The header of a staff member's requests. */
export function bearerAuthorization(token: string): string {
  return `Bearer ${token}`;
}

/**
 * The one reader of the Authorization header, for every route: `Hasp id=<registration ID>`,
 * `Rainbow id=<key ID>`, `Rainbow <key ID>` and `Bearer <token>`, the scheme and the `id`
 * parameter's name in any case (RFC 9110 §11.1). Undefined when the header is none of these
 * or its ID is no ID (CUSTOMER_ID_PATTERN).
 */
export function parseAuthorization(header: string | undefined): AuthorizationCredential | undefined {
  const match = CREDENTIALS.exec(header ?? '');
  if (!match) return undefined;
  const scheme = match[1]!.toLowerCase();
  const rest = match[2]!.trim();
  if (scheme === 'bearer') return BEARER_TOKEN.test(rest) ? { scheme, token: rest } : undefined;
  if (scheme !== 'hasp' && scheme !== 'rainbow') return undefined;
  const parameter = ID_PARAMETER.exec(rest);
  // `Rainbow X` (no `id=`, which no ID can contain) is the ChromaTOF download lookup's form.
  const id = parameter ? (parameter[1] ?? parameter[2]!).trim() : scheme === 'rainbow' ? rest : undefined;
  return id !== undefined && CUSTOMER_ID_PATTERN.test(id) ? { scheme, id } : undefined;
}

/** The customer credential an Authorization header carries, or undefined when it is not one (a bearer is not). */
export function parseCustomerAuthorization(header: string | undefined): CustomerCredential | undefined {
  const credential = parseAuthorization(header);
  return credential?.scheme === 'bearer' ? undefined : credential;
}

/** The staff bearer token an Authorization header carries, or undefined. */
export function parseBearerAuthorization(header: string | undefined): string | undefined {
  const credential = parseAuthorization(header);
  return credential?.scheme === 'bearer' ? credential.token : undefined;
}

/**
 * The scheme an Authorization header names, lower case, even when its credentials are no
 * good: which 401 text a refusal gets. Undefined without a header.
 */
export function authorizationScheme(header: string | undefined): string | undefined {
  return /^[^ ]+/.exec(header ?? '')?.[0].toLowerCase();
}
