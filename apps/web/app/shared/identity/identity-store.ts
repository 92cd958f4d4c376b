import { decodeIdentity, identityState, TOKEN_OLD_AFTER_HOURS, type Identity } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { clearBearer, forgetIdentityProviderRenewal, readBearer } from '../api/api-client';
import { endSession } from './api/end-session';
import { BEARER_STORAGE_KEY, EXPIRED_SIGN_IN_KEY } from './stored-sign-in';

/**
 * Absent, fresh or old (SPEC §4). Old means the sign-in ends within 504 hours (or has no
 * readable end): its bearer is cleared at once, but its e-mail and expiry are kept (in
 * localStorage under EXPIRED_SIGN_IN_KEY, so every tab and a reload see them) for the
 * banner to say when the sign-in expired, until the user signs out or signs in again.
 */
export type IdentityStatus =
  { state: 'absent' } | { state: 'fresh'; identity: Identity } | { state: 'old'; identity: Identity };

const ABSENT: IdentityStatus = { state: 'absent' };
const HOUR_MS = 3_600_000;
/** setTimeout fires at once beyond 2^31-1 ms (about 24.8 days): longer waits go in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

let status: IdentityStatus = ABSENT;
/** What the current status was read from (the bearer, or the kept expired sign-in), to keep it while that is unchanged. */
let statusSource: string | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Reads the stored bearer again and settles the status; called on every change of the bearer and when freshness ends. */
function update() {
  const bearer = readBearer();
  const identity = bearer === null ? undefined : decodeIdentity(bearer);
  let next: IdentityStatus;
  let source: string | null = null;
  if (bearer !== null && identity && identityState(identity, Date.now()) === 'fresh') {
    next = { state: 'fresh', identity };
    source = bearer;
    // Signed in again: the warning about the earlier sign-in has no more to say.
    forgetExpiredSignIn();
  } else {
    // Kept before the bearer is cleared, so a tab that sees the bearer go already finds it.
    if (identity) keepExpiredSignIn(identity);
    const kept = readExpiredSignIn();
    next = kept ? { state: 'old', identity: kept.identity } : ABSENT;
    source = kept?.stored ?? null;
  }
  if (next.state !== 'absent' && next.state === status.state && source === statusSource) next = status;

  const changed = next !== status;
  status = next;
  statusSource = source;
  scheduleOldAt(next);
  // Set before clearing: clearing announces itself and brings us back here with no bearer.
  if (bearer !== null && next.state !== 'fresh') {
    clearBearer();
    // A bearer we drop need not stay valid on the server for the weeks it has left.
    if (identity) endSession(bearer).catch(() => {});
  }
  if (changed) for (const listener of listeners) listener();
}

function keepExpiredSignIn(identity: Identity) {
  try {
    window.localStorage.setItem(
      EXPIRED_SIGN_IN_KEY,
      JSON.stringify({ email: identity.email, exp: identity.exp ?? null }),
    );
  } catch {
    // Storage refused: this tab shows the warning from memory no longer than this page.
  }
}

function readExpiredSignIn(): { identity: Identity; stored: string } | undefined {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(EXPIRED_SIGN_IN_KEY);
  } catch {
    return undefined;
  }
  if (stored === null) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value === 'object' && value !== null && 'email' in value && typeof value.email === 'string') {
      const exp = 'exp' in value && typeof value.exp === 'number' ? value.exp : undefined;
      return { identity: { email: value.email, exp }, stored };
    }
  } catch {
    // Not ours, or damaged: forgotten below.
  }
  forgetExpiredSignIn();
  return undefined;
}

function forgetExpiredSignIn() {
  try {
    if (window.localStorage.getItem(EXPIRED_SIGN_IN_KEY) === null) return;
    window.localStorage.removeItem(EXPIRED_SIGN_IN_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

function scheduleOldAt(current: IdentityStatus) {
  clearTimeout(timer);
  timer = undefined;
  if (current.state !== 'fresh' || listeners.size === 0) return;
  const oldAtMs = current.identity.exp! * 1000 - TOKEN_OLD_AFTER_HOURS * HOUR_MS;
  timer = setTimeout(update, Math.min(Math.max(oldAtMs - Date.now(), 0), MAX_TIMER_MS));
}

function onStorage(event: StorageEvent) {
  // key null: another tab cleared all of localStorage.
  if (event.key === BEARER_STORAGE_KEY || event.key === EXPIRED_SIGN_IN_KEY || event.key === null) update();
}

/** Calls `listener` whenever the identity status changes; returns the unsubscribe. */
export function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('storage', onStorage);
    update();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('storage', onStorage);
      clearTimeout(timer);
    }
  };
}

function getSnapshot(): IdentityStatus {
  // Read before anyone subscribed (a first render): settle it now, quietly.
  if (listeners.size === 0) update();
  return status;
}

/** Prerendering and hydration see no identity, so the static HTML and the browser agree. */
const getServerSnapshot = (): IdentityStatus => ABSENT;

export function useIdentityStatus(): IdentityStatus {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
}

/** The signed-in (fresh) identity; undefined when signed out or when the sign-in is old. */
export function useIdentity(): Identity | undefined {
  const current = useIdentityStatus();
  return current.state === 'fresh' ? current.identity : undefined;
}

/** Keeps a new session bearer; this tab and every other one show the sign-in at once. */
export function storeBearer(bearer: string) {
  window.localStorage.setItem(BEARER_STORAGE_KEY, bearer);
  window.dispatchEvent(new StorageEvent('storage', { key: BEARER_STORAGE_KEY, newValue: bearer }));
}

/**
 * Signs out here and in every tab at once, then ends the session on the server, so the
 * bearer is refused wherever it may have been copied. Offline, the local sign-out still holds.
 * An expired sign-in's e-mail and expiry are forgotten with it.
 */
export function signOut() {
  const bearer = readBearer();
  status = ABSENT;
  statusSource = null;
  forgetExpiredSignIn();
  // Signing out means it: no renewal through the identity provider is pending any more.
  forgetIdentityProviderRenewal();
  clearBearer();
  for (const listener of listeners) listener();
  if (bearer) endSession(bearer).catch(() => {});
}

/** For tests: the status right now, as a subscriber would see it. */
export function currentIdentityStatus(): IdentityStatus {
  return getSnapshot();
}
