import type { ReactNode } from 'react';
import { Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse } from 'react-router';
import type { Route } from './+types/root';
import { AccountButton } from './shared/identity/account-button';
import { SignedInBanner } from './shared/identity/signed-in-banner';
import { makerName } from './shared/maker-name';
import styles from './root.module.css';
import './styles/global.css';

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" data-maker-name={makerName()}>
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
        <header className={styles.header}>
          <nav className={styles.nav} aria-label="Main">
            <Link className={styles.brand} to="/">
              {makerName()} Software
            </Link>
            <AccountButton />
          </nav>
        </header>
        <SignedInBanner />
        <main id="main" className={styles.main} tabIndex={-1}>
          {children}
        </main>
        <footer className={styles.footer}>
          <p>
            © {new Date().getFullYear()} {makerName()}
          </p>
        </footer>
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
      <Link to="/">Go to the home page</Link>
    </section>
  );
}
