import type { Me } from '@portal/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { readBearer } from '../api/api-client';
import { outcomeOf, type Outcome } from '../outcome/outcome';
import { getMe } from './api/get-me';
import { useIdentity } from './identity-store';

/**
 * The signed-in person's roles (GET PEOPLE_PATHS.me), fetched once per sign-in and kept for
 * the page's life: the staff page frame, the service hub and the account popover read the same
 * answer. The hub asks again each time it is opened, and the frame when the server refused a
 * role, so a change an administrator made shows without a reload.
 */
interface Entry {
  /** The bearer the answer belongs to: another sign-in asks again. */
  readonly bearer: string;
  /** Undefined while the answer is on its way. */
  readonly outcome: Outcome<Me> | undefined;
}

let entry: Entry | undefined;
let controller: AbortController | undefined;
const listeners = new Set<() => void>();

function publish(next: Entry | undefined) {
  entry = next;
  for (const listener of listeners) listener();
}

/** Asks the server for the roles of `bearer`, unless its answer is already here (or on its way) and no `refresh` is wanted. */
export function loadMyRoles(bearer: string, { refresh = false }: { refresh?: boolean } = {}): void {
  if (entry?.bearer === bearer && !refresh) return;
  controller?.abort();
  const own = new AbortController();
  controller = own;
  // A refresh keeps the answer it replaces on screen until the new one is here.
  publish({ bearer, outcome: entry?.bearer === bearer ? entry.outcome : undefined });
  outcomeOf(() => getMe(own.signal), { signal: own.signal }).then(
    (outcome) => {
      if (controller === own) publish({ bearer, outcome });
    },
    () => {
      // Aborted: a newer request took its place.
    },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The signed-in person's roles and administrators: undefined while signed out or while the
 * answer is on its way. `refresh` asks again when the calling screen opens.
 */
export function useMyRoles({ refresh = false }: { refresh?: boolean } = {}): Outcome<Me> | undefined {
  const signedIn = useIdentity() !== undefined;
  const bearer = signedIn ? readBearer() : null;
  const current = useSyncExternalStore(
    subscribe,
    () => entry,
    () => undefined,
  );
  useEffect(() => {
    if (bearer !== null) loadMyRoles(bearer, { refresh });
  }, [bearer, refresh]);
  return bearer !== null && current?.bearer === bearer ? current.outcome : undefined;
}

/** Asks again for the current sign-in's roles: the server just refused one. */
export function refreshMyRoles(): void {
  const bearer = readBearer();
  if (bearer !== null) loadMyRoles(bearer, { refresh: true });
}

/** For tests: the answer held now, and the sign-in it belongs to. */
export function heldMyRoles(): { bearer: string; outcome: Outcome<Me> | undefined } | undefined {
  return entry;
}
