import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

const subscribeToNothing = () => () => {};

function isSpaFallbackPage(): boolean {
  const context = (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext;
  return context?.isSpaMode === true;
}

/**
 * The path the shell (menu highlight, breadcrumbs) renders for. Browser-only pages are
 * served the SPA fallback page, prerendered at '/'; while React hydrates it, the shell
 * must render for '/' too, or the HTML would not match. Right after, it renders for the
 * real path. Prerendered pages were rendered at their own path, so they get it at once.
 */
export function useShellPathname(): string {
  const { pathname } = useLocation();
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return hydrating && typeof window !== 'undefined' && isSpaFallbackPage() ? '/' : pathname;
}
