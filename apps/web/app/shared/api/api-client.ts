import { bearerAuthorization, OIDC_SESSION_CLAIM, type ErrorBody } from '@portal/contracts';
import { BEARER_STORAGE_KEY } from '../identity/stored-sign-in';

/**
 * An HTTP answer other than 2xx, with the server's `{ message, code }`. status 0: no answer at
 * all. `code` is what a customer page tells the error by (docs/api.md, "Error codes"). `body`
 * is the whole JSON answer, for the screens whose refusals carry more than a message (a
 * draft's problems, the new preview of a stale publish).
 */
export class ApiError extends Error {
  readonly code: string | undefined;

  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
    const code = (body as Partial<ErrorBody> | undefined)?.code;
    this.code = typeof code === 'string' ? code : undefined;
  }
}

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under the API root, e.g. `/v1/versions`. */
  path: string;
  query?: Record<string, string | undefined>;
  body?: unknown;
  /** An Authorization header of its own (`Hasp id=…`, `Rainbow id=…`); staff calls send the stored bearer. */
  authorization?: string;
  signal?: AbortSignal;
}

/**
 * The one way the web app calls the API: it attaches the credential, turns non-2xx
 * answers into ApiError, and forgets the stored bearer when the server says 401 to it.
 */
export async function apiRequest<T>(request: ApiRequest): Promise<T> {
  const response = await send(request, 'application/json');
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/**
 * A file the API sends (a CSV export) as a Blob, by the same rules as `apiRequest`. Staff
 * files need the bearer, which lives in localStorage rather than a cookie, so a plain link
 * cannot fetch them: the screen hands the Blob to `saveBlob` (`save-blob.ts`).
 */
export async function apiDownload(request: ApiRequest, accept: string): Promise<Blob> {
  return (await send(request, accept)).blob();
}

async function send(
  { method = 'GET', path, query, body, authorization, signal }: ApiRequest,
  accept: string,
): Promise<Response> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, value);

  const bearer = authorization ? undefined : readBearer();
  const headers: Record<string, string> = { accept };
  if (authorization) headers.authorization = authorization;
  else if (bearer) headers.authorization = bearerAuthorization(bearer);
  if (body !== undefined) headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Encountered timeout while connecting to API server. Please retry the operation.');
  }

  if (!response.ok) {
    if (response.status === 401 && bearer) {
      // A session the identity provider opened has run its OIDC_SESSION_HOURS: renew it there.
      // Only for the bearer still stored: a second refusal of one already cleared asks nothing.
      if (readBearer() === bearer && cameThroughIdentityProvider(bearer)) askForIdentityProviderRenewal();
      clearBearer();
    }
    const json = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
    throw new ApiError(response.status, json?.message ?? response.statusText, json);
  }
  return response;
}

/**
 * Set when a bearer of the identity provider's is refused (its session ended after
 * OIDC_SESSION_HOURS): the sign-in gate then sends the person through the provider once,
 * which signs them straight back in while their company session lives.
 */
export const IDENTITY_PROVIDER_RENEWAL_KEY = 'identityProviderRenewal';

function cameThroughIdentityProvider(bearer: string): boolean {
  try {
    const payload = JSON.parse(atob((bearer.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as unknown;
    return (
      typeof payload === 'object' &&
      payload !== null &&
      (payload as Record<string, unknown>)[OIDC_SESSION_CLAIM] === true
    );
  } catch {
    return false;
  }
}

function askForIdentityProviderRenewal() {
  try {
    window.localStorage.setItem(IDENTITY_PROVIDER_RENEWAL_KEY, String(Date.now()));
  } catch {
    // Storage refused: the person signs in again with the button.
  }
}

/** A deliberate sign-out: nothing is renewed. */
export function forgetIdentityProviderRenewal() {
  try {
    window.localStorage.removeItem(IDENTITY_PROVIDER_RENEWAL_KEY);
  } catch {
    // Storage refused: nothing was asked for either.
  }
}

/** Whether a renewal was asked for in the last minute; asking forgets it, so the gate goes to the provider once. */
export function takeIdentityProviderRenewal(): boolean {
  try {
    const asked = Number(window.localStorage.getItem(IDENTITY_PROVIDER_RENEWAL_KEY));
    window.localStorage.removeItem(IDENTITY_PROVIDER_RENEWAL_KEY);
    return Number.isFinite(asked) && Date.now() - asked < 60_000;
  } catch {
    return false;
  }
}

export function readBearer(): string | null {
  try {
    return window.localStorage.getItem(BEARER_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function clearBearer() {
  try {
    window.localStorage.removeItem(BEARER_STORAGE_KEY);
    // Other parts of this tab listen for this; other tabs get the native storage event.
    window.dispatchEvent(new StorageEvent('storage', { key: BEARER_STORAGE_KEY, newValue: null }));
  } catch {
    // Storage unavailable (private mode): nothing was stored either.
  }
}
