import { languageOfPath, type ShippedLanguage } from '@portal/contracts';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation } from 'react-router';
import type { Route } from './+types/root';
import { HomeLink } from './shared/components/home-link';
import { chromatofDownloadsUrl } from './shared/chromatof-downloads-url';
import { makerLogoUrl } from './shared/maker-logo';
import { oidcNameAttribute, oidcOnlyAttribute } from './shared/identity/identity-provider';
import { supportEmailAttribute, supportUrlAttribute } from './shared/support-contact';
import { makerName } from './shared/maker-name';
import { reportErrors, reportErrorsAttribute } from './shared/report-errors';
import { downloadRecordsRetentionDays, draftExpiryDays, telemetryRetentionDays } from './shared/retention';
import { emitTelemetry } from './shared/telemetry-bus';
import { renderIn } from './shared/i18n/server-language';
import { loading, somethingWentWrong } from './shared/i18n/site.messages';
import { whenIdle } from './shared/when-idle';
import { Breadcrumbs } from './shell/breadcrumbs';
import { CARRIED_INPUT } from './shell/carried-input';
import { offeredLanguage } from './shell/offered-language';
import { isOutdatedInternetExplorer } from './shell/old-browser';
import { SiteFooter } from './shell/site-footer';
import { SiteHeader } from './shell/site-header';
import { useShellIdentityRead } from './shell/use-shell-identity-read';
import { useFocusMainOnNavigation } from './shell/use-focus-on-navigation';
import { skipToContent } from './shell/shell.messages';
import { internalProblem } from './shared/outcome/outcome.messages';
import styles from './root.module.css';
import './styles/global.css';

const OldBrowserNotice = lazy(() => import('./shell/old-browser-notice'));
/** Loaded only when the browser asks for a language this page is offered in and is not in. */
const LanguageOffer = lazy(() => import('./shell/language-offer'));

/**
 * Once the browser is idle: the language its visitor asks for, if this page is offered in it
 * and is in another (docs/decisions/281-customer-pages-in-six-languages.md), and the input carried from the page in another language.
 */
function useLanguageOffer(): ShippedLanguage | undefined {
  const [offer, setOffer] = useState<ShippedLanguage>();
  useEffect(
    () =>
      whenIdle(() => {
        if (window.location.hash.startsWith(CARRIED_INPUT)) {
          void import('./shell/carry-input').then((carried) => carried.restoreInput());
        }
        setOffer(offeredLanguage(window.location.pathname, navigator.languages));
      }, OUTDATED_CHECK_TIMEOUT_MS),
    [],
  );
  return offer;
}

/** Loaded only when the browser keeps a sign-in: a public visitor never loads it (decision 165). */
const SignInStatus = lazy(() => import('./shell/sign-in-slots').then((module) => ({ default: module.SignInStatus })));

/**
 * Read once the browser is idle after hydration: prerendering and the hydrating render both
 * say "no", so the prerendered HTML is the same for every browser, only an old one
 * re-renders, and no browser checks in the tasks that hydrate the page (decision 165).
 */
function useOutdatedBrowser(): boolean {
  const [outdated, setOutdated] = useState(false);
  useEffect(
    () => whenIdle(() => setOutdated(isOutdatedInternetExplorer(navigator.userAgent)), OUTDATED_CHECK_TIMEOUT_MS),
    [],
  );
  return outdated;
}

const OUTDATED_CHECK_TIMEOUT_MS = 2_000;

/**
 * Anonymous telemetry (docs/telemetry.md): a page view per location, and the collector
 * loaded only once the page is interactive and the browser idle, so it costs Home nothing.
 */
function useTelemetry() {
  const { pathname } = useLocation();
  useEffect(() => emitTelemetry({ kind: 'page-view' }), [pathname]);
  useEffect(
    () =>
      whenIdle(
        () =>
          void import('./features/telemetry/start-telemetry').then((module) =>
            module.startTelemetry({ reportErrors: reportErrors() }),
          ),
        TELEMETRY_START_TIMEOUT_MS,
      ),
    [],
  );
}

const TELEMETRY_START_TIMEOUT_MS = 3_000;

export function Layout({ children }: { children: ReactNode }) {
  const language = languageOfPath(useLocation().pathname);
  // Prerendering: this page's words (the browser has its language's only, by its import map).
  if (import.meta.env.SSR) renderIn(language);
  const outdatedBrowser = useOutdatedBrowser();
  const offer = useLanguageOffer();
  const identityRead = useShellIdentityRead();
  useFocusMainOnNavigation('main');
  useTelemetry();
  return (
    <html
      lang={language}
      data-maker-name={makerName()}
      data-maker-logo={makerLogoUrl()}
      data-chromatof-downloads-url={chromatofDownloadsUrl()}
      data-report-errors={reportErrorsAttribute()}
      data-support-url={supportUrlAttribute()}
      data-support-email={supportEmailAttribute()}
      data-oidc-name={oidcNameAttribute()}
      data-oidc-only={oidcOnlyAttribute()}
      data-download-records-retention-days={downloadRecordsRetentionDays()}
      data-telemetry-retention-days={telemetryRetentionDays()}
      data-draft-expiry-days={draftExpiryDays()}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body>
        <a className={styles.skipLink} href="#main">
          {skipToContent}
        </a>
        {outdatedBrowser && (
          <Suspense>
            <OldBrowserNotice />
          </Suspense>
        )}
        <SiteHeader />
        {identityRead && (
          <Suspense>
            <SignInStatus />
          </Suspense>
        )}
        <main id="main" className={styles.main} tabIndex={-1}>
          <Breadcrumbs />
          {children}
        </main>
        <SiteFooter />
        {offer && (
          <Suspense>
            <LanguageOffer language={offer} />
          </Suspense>
        )}
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
  return <p className={styles.loading}>{loading}</p>;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const internal = !isRouteErrorResponse(error);
  // SPEC §8: an internal problem "has been reported automatically" (when REPORT_ERRORS is true).
  useEffect(() => {
    if (internal) emitTelemetry({ kind: 'error', error });
  }, [internal, error]);
  const message = internal ? internalProblem : `${error.status} ${error.statusText}`;
  return (
    <section>
      <h1>{somethingWentWrong}</h1>
      <p role="alert">{message}</p>
      <HomeLink />
    </section>
  );
}
