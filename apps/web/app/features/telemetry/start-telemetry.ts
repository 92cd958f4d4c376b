import { FILES_PATHS } from '@portal/contracts';
import { alreadyReported } from '../../shared/report-errors';
import { onTelemetry } from '../../shared/telemetry-bus';
import { beaconTelemetry, postTelemetry } from './api/post-telemetry';
import { createCollector } from './collector';

const FILES_PREFIX = FILES_PATHS.file.slice(0, FILES_PATHS.file.indexOf(':'));

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function randomSession(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * Starts the anonymous telemetry once the page is interactive (root.tsx imports this
 * module when the browser is idle and passes REPORT_ERRORS as the page says): the collector, the bus subscription, the page-hide
 * beacons, download clicks and, only when REPORT_ERRORS is true, unhandled errors.
 */
export function startTelemetry({ reportErrors }: { reportErrors: boolean }): void {
  const collector = createCollector({
    post: (body) => postTelemetry(body),
    beacon: beaconTelemetry,
    storage: browserStorage(),
    reportErrors,
    newSession: randomSession,
    random: Math.random,
  });
  collector.start();
  onTelemetry((emission) => collector.receive(emission));

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') collector.hide();
  });
  window.addEventListener('pagehide', () => collector.hide());

  // A download starts wherever a link to a published file is followed: one listener for every screen.
  document.addEventListener(
    'click',
    (event) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement)) return;
      const url = new URL(link.href, window.location.href);
      if (url.origin === window.location.origin && url.pathname.startsWith(FILES_PREFIX)) {
        collector.receive({ kind: 'event', pathname: window.location.pathname, name: 'Started a download' });
      }
    },
    { capture: true },
  );

  if (reportErrors) {
    window.addEventListener('error', (event) => {
      // A fault a screen caught and reported (reportProblem) has reached the collector through the bus already.
      if (!alreadyReported(event.error)) collector.trackError(window.location.pathname, event.error ?? event.message);
    });
    window.addEventListener('unhandledrejection', (event) =>
      collector.trackError(window.location.pathname, event.reason),
    );
  }
}
