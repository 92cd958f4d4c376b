import { test as base, expect } from '@playwright/test';

/**
 * The portal's address is known only once global-setup has started it, after the config
 * was read; tests take it from here. Any console error or CSP violation on a page fails
 * the test that caused it.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  baseURL: async ({}, use) => use(process.env.PORTAL_URL),
  pageProblems: async ({ page }, use) => {
    const problems: string[] = [];
    // A page that is meant to answer 404 (the not-found page) makes Chromium log its status.
    const notFoundDocuments = new Set<string>();
    page.on('response', (response) => {
      if (response.request().isNavigationRequest() && response.status() === 404) notFoundDocuments.add(response.url());
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      if (message.text().includes('status of 404') && notFoundDocuments.has(message.location().url)) return;
      problems.push(`console.error: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await use(problems);
    expect(problems, 'errors reported by the page').toEqual([]);
  },
});

export { expect };

/** axe's serious and critical findings on the page as it is now (WCAG 2.2 AA tags). */
/**
 * Chromium logs every 401 answer as a console error. A refused ID or key is what some tests
 * ask for, so those lines (and only those) are taken off the page's problem list.
 */
export function acceptRefusedCredentials(pageProblems: string[]) {
  const refused = pageProblems.filter((problem) => problem.includes('status of 401 (Unauthorized)'));
  expect(refused.length).toBeGreaterThan(0);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !refused.includes(problem)));
}
