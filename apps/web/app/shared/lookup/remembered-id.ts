import { useSyncExternalStore } from 'react';

/** The two kinds of ID a customer looks up with: a registration ID (Cornerstone) or a key ID (ChromaTOF). */
export type IdKind = 'registration' | 'key';

const storageKey = (kind: IdKind) => `lookup-id:${kind}`;
const listeners = new Set<() => void>();

function read(kind: IdKind): string {
  try {
    return sessionStorage.getItem(storageKey(kind)) ?? '';
  } catch {
    return ''; // storage refused (a privacy mode): nothing remembered
  }
}

function write(kind: IdKind, id: string | undefined) {
  try {
    if (id) sessionStorage.setItem(storageKey(kind), id);
    else sessionStorage.removeItem(storageKey(kind));
  } catch {
    // Storage refused: the lookups simply do not pre-fill.
  }
  for (const listener of listeners) listener();
}

/**
 * One ID per visit (decision 138): after a lookup the server accepted, the other lookups of
 * the same kind of ID offer it pre-filled. Kept in this tab's sessionStorage only, so it
 * ends with the tab, is never shared with another tab opened afresh, and is never sent
 * anywhere it was not already going.
 */
export function rememberId(kind: IdKind, id: string) {
  const trimmed = id.trim();
  if (trimmed && trimmed !== read(kind)) write(kind, trimmed);
}

/** 'Forget this ID': the tab no longer offers it. */
export function forgetId(kind: IdKind) {
  write(kind, undefined);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The ID this tab remembers for `kind`, or ''. Prerendered and hydrating: '' (the server cannot know it). */
export function useRememberedId(kind: IdKind): string {
  return useSyncExternalStore(
    subscribe,
    () => read(kind),
    () => '',
  );
}
