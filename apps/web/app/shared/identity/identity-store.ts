import { decodeIdentity, type Identity } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { BEARER_STORAGE_KEY, readBearer } from '../api/api-client';

function subscribe(onChange: () => void) {
  const listener = (event: StorageEvent) => {
    if (event.key === BEARER_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}

/**
 * The signed-in identity, from the bearer in localStorage; undefined when signed out.
 * Prerendering and the first (hydrating) render see no identity, so the prerendered HTML
 * and the browser agree; the stored one appears right after.
 */
export function useIdentity(): Identity | undefined {
  const bearer = useSyncExternalStore(subscribe, readBearer, () => null);
  return bearer ? decodeIdentity(bearer) : undefined;
}
