import {
  decodeIdentity,
  isOidcRefusal,
  OIDC_REFUSAL_PARAM,
  OIDC_REFUSALS,
  safeRedirectPath,
  SIGN_IN_PATHS,
} from '@portal/contracts';
import { Form, isRouteErrorResponse, replace, useNavigation } from 'react-router';
import { ApiError } from '../../shared/api/api-client';
import { HomeLink } from '../../shared/components/home-link';
import { formatDateTime } from '../../shared/format';
import { storeBearer, useIdentity } from '../../shared/identity/identity-store';
import { readSignInVerifier } from '../../shared/identity/sign-in-verifier';
import { SignInWidget } from '../../shared/identity/sign-in-widget';
import { pageMeta } from '../../shared/page-meta';
import type { Route } from './+types/auth-page';
import { exchangeSignInToken } from './api/exchange-sign-in-token';
import styles from './auth-page.module.css';

const TITLE = 'Sign in';
export const PLEASE_WAIT = 'Please wait a moment while you are signed in...';
export const INVALID_SIGN_IN = 'Invalid sign in';
export const COULD_NOT_SIGN_IN = "Couldn't sign you in";
export const COULD_NOT_REDIRECT = "Couldn't redirect you";

export const meta = () => [
  ...pageMeta(TITLE, 'Signing in to the staff tools with the link from your email.'),
  { name: 'referrer', content: 'no-referrer' },
];

/**
 * The one-time token of the link being used. It leaves the address bar at once and lives
 * only here, in memory: a reload afterwards has nothing to replay.
 */
let pendingToken: string | undefined;

type AuthView =
  | { view: 'failed'; message: string; redirectParam: string | null }
  | { view: 'confirm'; email: string; expiresAt: string | undefined };

function authPath(params: Record<string, string | null>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== null) query.set(key, value);
  const search = query.toString();
  return search ? `${SIGN_IN_PATHS.landing}?${search}` : SIGN_IN_PATHS.landing;
}

type Exchanged =
  { kind: 'signed-in' } | { kind: 'invalid' } | { kind: 'other-browser' } | { kind: 'failed'; message: string };

async function exchange(token: string, verifier: string | undefined, signal: AbortSignal): Promise<Exchanged> {
  try {
    const { bearer } = await exchangeSignInToken({ token, verifier }, signal);
    storeBearer(bearer);
    return { kind: 'signed-in' };
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return { kind: 'invalid' };
    if (error instanceof ApiError && error.status === 409) return { kind: 'other-browser' };
    // Too many tries, or a service the sign-in needs is away (503): the server's words say when to try again.
    if (error instanceof ApiError && (error.status === 429 || error.status === 503))
      return { kind: 'failed', message: error.message };
    return { kind: 'failed', message: COULD_NOT_SIGN_IN };
  }
}

/** Where a finished exchange leads: the link's page when it is inside the site, else '/'; Back skips /auth. */
function settle(outcome: Exchanged, redirectParam: string | null): Response | AuthView | undefined {
  if (outcome.kind === 'signed-in') {
    pendingToken = undefined;
    return replace(safeRedirectPath(redirectParam));
  }
  if (outcome.kind === 'invalid') {
    pendingToken = undefined;
    return replace(authPath({ invalid: 'true', redirect: redirectParam }));
  }
  if (outcome.kind === 'failed') return { view: 'failed', message: outcome.message, redirectParam };
  return undefined;
}

export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const url = new URL(request.url);
  const redirectParam = url.searchParams.get('redirect');
  const token = url.searchParams.get('bearer');
  if (token !== null) {
    pendingToken = token;
    // Out of the address bar and the history entry before anything else happens.
    return replace(authPath({ redirect: redirectParam }));
  }
  // The identity provider's sign-in was refused: the callback named the reason, the page says it.
  const refused = url.searchParams.get(OIDC_REFUSAL_PARAM);
  if (isOidcRefusal(refused)) return { view: 'failed', message: OIDC_REFUSALS[refused], redirectParam } as AuthView;
  if (url.searchParams.has('invalid')) return { view: 'failed', message: INVALID_SIGN_IN, redirectParam } as AuthView;

  const identity = pendingToken ? decodeIdentity(pendingToken) : undefined;
  if (!pendingToken || !identity) {
    pendingToken = undefined;
    return { view: 'failed', message: COULD_NOT_SIGN_IN, redirectParam } as AuthView;
  }
  // The browser that asked for this link signs in at once; any other one asks for a click
  // first, so a mail scanner that runs the page spends nothing.
  const verifier = readSignInVerifier();
  if (verifier) {
    const settled = settle(await exchange(pendingToken, verifier, request.signal), redirectParam);
    if (settled) return settled;
  }
  return {
    view: 'confirm',
    email: identity.email,
    expiresAt: identity.exp === undefined ? undefined : formatDateTime(new Date(identity.exp * 1000)),
  } as AuthView;
}

export async function clientAction({ request }: Route.ClientActionArgs) {
  const redirectParam = new URL(request.url).searchParams.get('redirect');
  if (!pendingToken) return { view: 'failed', message: COULD_NOT_SIGN_IN, redirectParam } as AuthView;
  return settle(await exchange(pendingToken, undefined, request.signal), redirectParam);
}

export function HydrateFallback() {
  return <PleaseWait />;
}

function PleaseWait() {
  return (
    <p className={styles.wait} role="status">
      {PLEASE_WAIT}
    </p>
  );
}

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const view = (actionData ?? loaderData) as AuthView;
  if (navigation.state !== 'idle') return <PleaseWait />;

  if (view.view === 'confirm') {
    return (
      <section className={styles.page}>
        <h1>{TITLE}</h1>
        <p>
          This link signs you in as <strong>{view.email}</strong>
          {view.expiresAt ? <> and works until {view.expiresAt}</> : null}.
        </p>
        <Form method="post">
          <button type="submit" className={styles.signIn}>
            Sign in
          </button>
        </Form>
      </section>
    );
  }
  return (
    <section className={styles.page}>
      <h1>{TITLE}</h1>
      <p className={styles.failed} role="alert">
        {view.message}
      </p>
      <p>Sign in again below; it will bring you back where you were going.</p>
      <SignInWidget redirectPath={safeRedirectPath(view.redirectParam)} />
    </section>
  );
}

/** Something broke after the exchange: signed in, but the way on failed. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const identity = useIdentity();
  const message = identity ? COULD_NOT_REDIRECT : COULD_NOT_SIGN_IN;
  return (
    <section className={styles.page}>
      <h1>{TITLE}</h1>
      <p className={styles.failed} role="alert">
        {message}
        {isRouteErrorResponse(error) ? ` (${error.status})` : ''}
      </p>
      <HomeLink />
    </section>
  );
}
