import type { Page } from '@playwright/test';
/** Every public (prerendered) page of issue 3, with its document title and main heading. */
export const PUBLIC_PAGES = [
  { path: '/', title: 'Example Instruments Software', heading: 'Example Instruments Software' },
  { path: '/cornerstone', title: 'Cornerstone | Example Instruments Software', heading: 'Cornerstone' },
  {
    path: '/cornerstone/mobile',
    title: 'Cornerstone Mobile | Example Instruments Software',
    heading: 'Cornerstone Mobile',
  },
  { path: '/chromatof', title: 'ChromaTOF | Example Instruments Software', heading: 'ChromaTOF' },
  { path: '/metallographics', title: 'Metallographics | Example Instruments Software', heading: 'Metallographics' },
  { path: '/metallographics/px', title: 'PX Series | Example Instruments Software', heading: 'PX Series' },
  { path: '/metallographics/mx', title: 'MX Series | Example Instruments Software', heading: 'MX Series' },
  { path: '/metallographics/cx', title: 'CX Series | Example Instruments Software', heading: 'CX Series' },
  {
    path: '/metallographics/px/firmware',
    title: 'PX Firmware | Example Instruments Software',
    heading: 'PX Firmware',
  },
  {
    path: '/metallographics/mx/firmware',
    title: 'MX Firmware | Example Instruments Software',
    heading: 'MX Firmware',
  },
  {
    path: '/metallographics/cx/firmware',
    title: 'CX Firmware | Example Instruments Software',
    heading: 'CX Firmware',
  },
  { path: '/service', title: 'Service | Example Instruments Software', heading: 'Service' },
  { path: '/privacy', title: 'Privacy | Example Instruments Software', heading: 'Privacy' },
  { path: '/security', title: 'Security Advisories | Example Instruments Software', heading: 'Security Advisories' },
  {
    path: '/security/policy',
    title: 'Reporting a Vulnerability | Example Instruments Software',
    heading: 'Reporting a Vulnerability',
  },
] as const;

/** Staff screens: browser-only pages behind sign-in. */
export const STAFF_PAGES = [
  { path: '/service/cornerstone/releases', heading: 'Releases & PIBs' },
  { path: '/service/cornerstone/products-options', heading: 'Products & Options' },
  { path: '/service/cornerstone/service-mode', heading: 'Service Mode' },
  { path: '/service/cornerstone/password-reset', heading: 'Password Reset' },
  { path: '/service/chromatof/releases', heading: 'ChromaTOF Releases' },
  { path: '/service/usage', heading: 'Usage' },
  { path: '/service/people', heading: 'People' },
  { path: '/service/audit', heading: 'Audit Log' },
  { path: '/service/publishing', heading: 'Publishing' },
  { path: '/service/security', heading: 'Security Advisories' },
] as const;

/**
 * Opens a page and waits until React has taken it over: buttons that open dialogs and
 * forms handled in the browser do nothing useful in the prerendered HTML alone.
 */
export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await page.waitForFunction(() => '__reactRouterDataRouter' in window);
  return response;
}

/**
 * Opens a page and waits until React Router has hydrated it and its loaders have run, so a
 * click is handled by the app, not the browser.
 */
export async function gotoInitialized(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      (window as unknown as { __reactRouterDataRouter?: { state: { initialized: boolean } } }).__reactRouterDataRouter
        ?.state.initialized === true,
  );
}

/** Sums every layout shift the user did not cause, from the first paint on; read it with `layoutShift`. */
export async function recordLayoutShift(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { layoutShift: number }).layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { layoutShift: number }).layoutShift += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
