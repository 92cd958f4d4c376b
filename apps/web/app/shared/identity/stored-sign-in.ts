import { useSyncExternalStore } from 'react';

/** The session bearer of a sign-in in this browser (localStorage, shared by its tabs). */
export const BEARER_STORAGE_KEY = 'bearer';

/** The e-mail and expiry of a sign-in that turned old: `{ "email": …, "exp": … | null }`, never a bearer. */
export const EXPIRED_SIGN_IN_KEY = 'expiredSignIn';

const SIGN_IN_KEYS: readonly (string | null)[] = [BEARER_STORAGE_KEY, EXPIRED_SIGN_IN_KEY];

/** Whether this browser keeps a sign-in, fresh or old, to speak of. */
function keepsSignIn(): boolean {
  try {
    return SIGN_IN_KEYS.some((key) => window.localStorage.getItem(key!) !== null);
  } catch {
    return false;
  }
}

function subscribe(onChange: () => void) {
  const onStorage = (event: StorageEvent) => {
    if (SIGN_IN_KEYS.includes(event.key)) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

const keepsNone = () => false;

/**
 * Whether `read` and this browser keeps a sign-in, fresh or old: only then does the shell load
 * the identity store, which shows it. A sign-in or sign-out in this tab or another one (a
 * storage event; key null when a tab cleared the whole storage) is seen at once. So a public
 * visitor, who keeps none, never loads the identity store and its API client (decision 165).
 */
export function useKeptSignIn(read: boolean): boolean {
  return useSyncExternalStore(subscribe, read ? keepsSignIn : keepsNone, keepsNone);
}
