import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page, type Request } from '@playwright/test';
import { BEARER_STORAGE_KEY } from '../apps/web/app/shared/identity/stored-sign-in';
import { waitForSignInLink } from '../test-kit/outbox';
import { loopbackAddressOf, signInThroughOutbox } from '../test-kit/staff-session';
import { E2E_STAFF_DOMAIN } from './global-setup';

/**
 * A staff address of its own for each test: the sign-in mail is limited per address, and
 * only the newest link works, so two workers must never pick the same one.
 */
export const newStaffAddress = () => `e2e-${randomUUID().slice(0, 13)}@${E2E_STAFF_DOMAIN}`;

/** Bearers of this worker by address: a test that names the same address again reuses the session. */
const sessions = new Map<string, Promise<string>>();

/**
 * Signs `page` in as `email` without walking the sign-in screens: a session from the API
 * and the outbox (test-kit/staff-session.ts), its bearer put into localStorage before the
 * page's first document loads, as the sign-in landing would have left it. Only that first
 * load: a test that signs out stays signed out. Navigate afterwards.
 */
export async function signInPage(page: Page, email: string, origin = process.env.PORTAL_URL!) {
  const key = `${origin} ${email}`;
  if (!sessions.has(key)) {
    const dataDirs = process.env.PORTAL_DATA_DIR!;
    sessions.set(
      key,
      signInThroughOutbox({ email, requestAt: origin, dataDirs, localAddress: loopbackAddressOf(email) }).then(
        ({ bearer }) => bearer,
      ),
    );
  }
  await placeBearer(page, await sessions.get(key)!);
}

/** Puts a staff session's bearer where the sign-in landing leaves it, before the page's first document loads. */
export async function placeBearer(page: Page, bearer: string) {
  await page.addInitScript(
    ({ storageKey, value }) => {
      if (sessionStorage.getItem('e2e-bearer-placed') !== null) return;
      sessionStorage.setItem('e2e-bearer-placed', 'yes');
      localStorage.setItem(storageKey, value);
    },
    { storageKey: BEARER_STORAGE_KEY, value: bearer },
  );
}

export const SIGN_IN_SENT = 'You will receive an email with a link to sign in within the next couple of minutes.';

/** Asks for a sign-in link with the widget on the current page, as a person would, and reads it from the outbox. */
export async function requestLinkInPage(page: Page, email: string): Promise<URL> {
  await page.getByLabel('Enter your company email address').fill(email);
  await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: SIGN_IN_SENT })).toBeVisible();
  return waitForSignInLink(email, process.env.PORTAL_DATA_DIR!);
}

export const accountButton = (page: Page, email: string) => page.getByRole('button', { name: email, exact: true });

export async function signOut(page: Page, email: string) {
  await accountButton(page, email).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountButton(page, email)).toBeHidden();
}

/**
 * The portal's address is known only once global-setup has started it, after the config
 * was read; tests take it from here. Any console error or CSP violation on a page fails
 * the test that caused it.
 */
export const test = base.extend<{ pageProblems: string[]; staffEmail: string; staffPage: Page }>({
  baseURL: async ({}, use) => use(process.env.PORTAL_URL),
  /** The address `staffPage` signs in as: a new one per test unless a file sets it (`test.use({ staffEmail })`). */
  staffEmail: [async ({}, use) => use(newStaffAddress()), { option: true }],
  /** `page`, signed in as `staffEmail` before its first navigation (signInPage); the sign-in specs walk the screens instead. */
  staffPage: async ({ page, staffEmail }, use) => {
    await signInPage(page, staffEmail);
    await use(page);
  },
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

/**
 * Holds the page's requests to `url` (those `which` picks) until the returned function is
 * called: what a visitor does while an answer is on its way.
 */
export async function holdAnswers(
  page: Page,
  url: string | RegExp,
  which: (request: Request) => boolean = () => true,
): Promise<() => void> {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route(url, async (route) => {
    if (which(route.request())) await answered;
    await route.continue();
  });
  return answer;
}

/**
 * Chromium logs each answer of 400 or more, and each request that fails, as a console error, and
 * `pageProblems` fails a test on any. Where a test asks for such lines, this takes them off the
 * list, and only them: the lines `expected` matches, returned so that the test can count them.
 */
export function acceptProblems(pageProblems: string[], expected: (problem: string) => boolean): string[] {
  const accepted = pageProblems.filter(expected);
  pageProblems.splice(0, pageProblems.length, ...pageProblems.filter((problem) => !expected(problem)));
  return accepted;
}

/** Chromium's line for an answer of one of `statuses`: "…the server responded with a status of 409 (Conflict)". */
export const answeredWith =
  (...statuses: number[]) =>
  (problem: string) =>
    statuses.some((status) => problem.includes(`status of ${status} `));

/**
 * Chromium's line for a request a network drop cut: a reset, refused, closed or empty connection,
 * or a socket the cut closed before the browser sent a byte on it (one opened ahead of need, or one
 * the proxy had not yet accepted: ERR_SOCKET_NOT_CONNECTED, seen once in CI).
 */
export const droppedConnection = (problem: string) =>
  /net::ERR_(CONNECTION_(RESET|REFUSED|CLOSED)|EMPTY_RESPONSE|SOCKET_NOT_CONNECTED)/.test(problem);

/**
 * Chromium logs every 401 answer as a console error. A refused ID or key is what some tests
 * ask for, so those lines (and only those) are taken off the page's problem list.
 */
export function acceptRefusedCredentials(pageProblems: string[]) {
  expect(acceptProblems(pageProblems, answeredWith(401)).length).toBeGreaterThan(0);
}
