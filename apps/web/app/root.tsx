import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { HomeLink } from './shared/components/home-link';
import { SignedInBanner } from './shared/identity/signed-in-banner';
import { makerName } from './shared/maker-name';
import { reportErrorsAttribute } from './shared/report-errors';
import { Breadcrumbs } from './shell/breadcrumbs';
import { isOutdatedInternetExplorer } from './shell/old-browser';
import { SiteFooter } from './shell/site-footer';
import { SiteHeader } from './shell/site-header';
import { useFocusMainOnNavigation } from './shell/use-focus-on-navigation';
import styles from './root.module.css';
import './styles/global.css';

const OldBrowserNotice = lazy(() => import('./shell/old-browser-notice'));

const subscribeToNothing = () => () => {};

/**
 * Read after hydration: prerendering and the hydrating render both say "no", so the
 * prerendered HTML is the same for every browser and only an old one re-renders.
 */
function useOutdatedBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => isOutdatedInternetExplorer(navigator.userAgent),
    () => false,
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const outdatedBrowser = useOutdatedBrowser();
  useFocusMainOnNavigation('main');
  return (
    <html lang="en" data-maker-name={makerName()} data-report-errors={reportErrorsAttribute()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className={styles.skipLink} href="#main">
          Skip to content
        </a>
        {outdatedBrowser && (
          <Suspense>
            <OldBrowserNotice />
          </Suspense>
        )}
        <SiteHeader />
        <SignedInBanner />
        <main id="main" className={styles.main} tabIndex={-1}>
          <Breadcrumbs />
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function HydrateFallback() {
  return <p className={styles.loading}>Loading…</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : 'There was an internal problem. This issue has been reported automatically.';
  return (
    <section>
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <HomeLink />
    </section>
  );
}
