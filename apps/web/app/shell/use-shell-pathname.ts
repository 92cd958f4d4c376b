import { LANGUAGE_PREFIXES, languageOfPath } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

const subscribeToNothing = () => () => {};

function isSpaFallbackPage(): boolean {
  const context = (window as { __reactRouterContext?: { isSpaMode?: boolean } }).__reactRouterContext;
  return context?.isSpaMode === true;
}

/**
 * The path the shell (menu highlight, breadcrumbs) renders for. Browser-only pages are
 * served the SPA fallback page, prerendered at '/' (in another language at its prefix,
 * `/de`: i18n/language-fallbacks.ts); while React hydrates it, the shell must render for
 * that path too, or the HTML would not match. Right after, it renders for the real path.
 * Prerendered pages were rendered at their own path, so they get it at once.
 */
export function useShellPathname(): string {
  const { pathname } = useLocation();
  const hydrating = useSyncExternalStore(
    subscribeToNothing,
    () => false,
    () => true,
  );
  return hydrating && typeof window !== 'undefined' && isSpaFallbackPage()
    ? LANGUAGE_PREFIXES[languageOfPath(pathname)] || '/'
    : pathname;
}
