import {
  acceptProblems,
  accountButton,
  expect,
  holdAnswers,
  newStaffAddress as newAddress,
  requestLinkInPage,
  test,
} from './fixtures';

/** The staff page the tests sign in on (its sign-in widget) and come back to. */
const STAFF_PAGE_PATH = '/service/cornerstone/releases';
const SIGN_IN_FROM = STAFF_PAGE_PATH;

const SIGNED_IN_UNTIL = /^You are signed in until [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/;

/**
 * Chromium logs every 4xx answer of a fetch as a console error; where the test expects
 * exactly those answers, it takes them off the list of page problems, and only them.
 */
function expectAnswersLogged(pageProblems: string[], status: number, count: number) {
  const line = (text: string) =>
    text.startsWith(`console.error: Failed to load resource: the server responded with a status of ${status}`);
  expect(acceptProblems(pageProblems, line)).toHaveLength(count);
}

test('a staff member signs in with the e-mailed link, lands back on the page and signs out; the link is then spent', async ({
  page,
  pageProblems,
}) => {
  const email = newAddress();
  await page.goto(SIGN_IN_FROM);
  expectAnswersLogged(pageProblems, 400, 0);
  const link = await requestLinkInPage(page, email);
  expect(link.origin).toBe(new URL(process.env.PORTAL_URL!).origin);
  expect(link.searchParams.get('redirect')).toBe(STAFF_PAGE_PATH);

  const landing = await page.goto(link.toString());
  expect(landing?.headers()['referrer-policy']).toBe('no-referrer');
  await expect(page).toHaveURL((url) => url.pathname === STAFF_PAGE_PATH && !url.search.includes('bearer'));
  await expect(page.getByText(SIGNED_IN_UNTIL)).toBeVisible();
  await expect(accountButton(page, email)).toBeVisible();

  // Back does not return to the token-bearing address: it was replaced at once.
  await page.goBack();
  expect(page.url()).not.toContain('bearer=');

  await page.goto(STAFF_PAGE_PATH);
  await accountButton(page, email).click();
  await expect(page.getByRole('link', { name: 'View service page' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountButton(page, email)).toBeHidden();
  await expect(page.getByText(SIGNED_IN_UNTIL)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();

  await page.goto(link.toString());
  await expect(page.getByRole('alert')).toHaveText('Invalid sign in');
  expect(page.url()).not.toContain('bearer=');
  expectAnswersLogged(pageProblems, 400, 1);
});

test('a link opened in another browser names the account and waits for a click; opening it spends nothing', async ({
  page,
  browser,
  pageProblems,
}) => {
  const email = newAddress();
  await page.goto(SIGN_IN_FROM);
  const link = await requestLinkInPage(page, email);

  const elsewhere = await browser.newContext({ baseURL: process.env.PORTAL_URL });
  const scanner = await elsewhere.newPage();
  await scanner.goto(link.toString());
  await expect(scanner.getByText(`This link signs you in as ${email}`)).toBeVisible();
  await expect(scanner.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  expect(scanner.url()).not.toContain('bearer=');
  expect(await scanner.evaluate(() => localStorage.getItem('bearer'))).toBeNull();

  // Not spent: the browser that asked for it still signs in, at once.
  await page.goto(link.toString());
  await expect(accountButton(page, email)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === STAFF_PAGE_PATH);

  // Now spent: the click elsewhere waits for the server, then gets an invalid sign in.
  const answer = await holdAnswers(scanner, '**/v1/auth/sessions');
  await scanner.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(scanner.getByText('Please wait a moment while you are signed in...')).toBeVisible();
  answer();
  await expect(scanner.getByRole('alert')).toHaveText('Invalid sign in');
  await elsewhere.close();

  await accountButton(page, email).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  expect(pageProblems).toEqual([]);
});

test('signing in and out in one tab shows in the others', async ({ page, context, pageProblems }) => {
  const email = newAddress();
  const other = await context.newPage();
  await other.goto(STAFF_PAGE_PATH);
  await expect(accountButton(other, email)).toBeHidden();

  await page.goto(SIGN_IN_FROM);
  const link = await requestLinkInPage(page, email);
  await page.goto(link.toString());
  await expect(accountButton(page, email)).toBeVisible();
  await expect(accountButton(other, email)).toBeVisible();
  await expect(other.getByText(SIGNED_IN_UNTIL)).toBeVisible();

  await accountButton(other, email).click();
  await other.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountButton(page, email)).toBeHidden();
  await expect(page.getByText(SIGNED_IN_UNTIL)).toBeHidden();
  expect(pageProblems).toEqual([]);
});

test('the sign-in widget says why, and shows the server’s reason for a refused address', async ({
  page,
  pageProblems,
}) => {
  await page.goto(SIGN_IN_FROM);
  await page.getByRole('button', { name: 'Why?' }).click();
  await expect(page.getByRole('dialog', { name: 'Why do I need to sign in?' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  await page.getByLabel('Enter your company email address').fill('someone@evil.example');
  await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'company email' })).toHaveText(
    'Use your company email address to sign in.',
  );
  expectAnswersLogged(pageProblems, 400, 1);
});

test('a link that is not a sign-in token says so', async ({ page }) => {
  await page.goto('/auth?bearer=not-a-token&redirect=%2F');
  await expect(page.getByRole('alert')).toHaveText("Couldn't sign you in");
  await page.goto('/auth');
  await expect(page.getByRole('alert')).toHaveText("Couldn't sign you in");
});

/** A bearer as the server issues it, for the browser's side only: it decodes it, never checks it. */
function unsignedBearer(email: string, expMs: number) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ email, exp: Math.floor(expMs / 1000) })}.x`;
}

test.describe('identity freshness on a fake clock', () => {
  // Dates in the banner are in the browser's time zone: fix it.
  test.use({ timezoneId: 'UTC' });

  test('a fresh sign-in turns old by itself 504 hours before it ends: the banner warns and the bearer is gone', async ({
    page,
    pageProblems,
  }) => {
    const now = Date.UTC(2026, 10, 22, 12);
    const exp = now + 504 * 3_600_000 + 60 * 60_000;
    await page.clock.install({ time: now });
    await page.addInitScript(
      (bearer) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('bearer', bearer);
          sessionStorage.setItem('seeded', 'yes');
        }
      },
      unsignedBearer('clock@company.example', exp),
    );
    // A page that sends the made-up bearer to no API: the server would refuse it, and the browser forget it.
    // (Not the service page: it asks the server for the person's roles.)
    await page.goto('/privacy');
    await expect(page.getByText('You are signed in until Dec 13, 2026.')).toBeVisible();
    await expect(accountButton(page, 'clock@company.example')).toBeVisible();

    await page.clock.fastForward('01:00:01');
    const warning = page.getByRole('alert');
    await expect(warning).toContainText('Your sign-in expired on Dec 13, 2026.');
    await expect(accountButton(page, 'clock@company.example')).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();
    // The dropped bearer's session is ended on the server; this one never existed there.
    await expect.poll(() => pageProblems.length).toBe(1);
    expectAnswersLogged(pageProblems, 401, 1);

    // Not silently signed out: a reload, and another page, still say the sign-in expired.
    await page.reload();
    await expect(page.getByRole('alert')).toContainText('Your sign-in expired on Dec 13, 2026.');
    expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();
    await page.goto('/');
    const stillWarned = page.getByRole('alert').filter({ hasText: 'Your sign-in expired on Dec 13, 2026.' });
    await expect(stillWarned).toBeVisible();

    // Sign out forgets the e-mail and expiry: gone here and after a reload.
    await stillWarned.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByText('Your sign-in expired on')).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Your sign-in expired on')).toBeHidden();
    expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => /bearer|expired/i.test(key)))).toEqual(
      [],
    );
  });

  test('a page opened with a bearer that has already expired warns at once, and keeps warning after a reload', async ({
    page,
    pageProblems,
  }) => {
    await page.addInitScript(
      (bearer) => {
        if (!sessionStorage.getItem('seeded')) {
          localStorage.setItem('bearer', bearer);
          sessionStorage.setItem('seeded', 'yes');
        }
      },
      unsignedBearer('gone@company.example', Date.UTC(2026, 0, 15, 12)),
    );
    await page.goto('/cornerstone');
    await expect(page.getByRole('alert').filter({ hasText: 'Your sign-in expired on Jan 15, 2026.' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'Your sign-in expired on Jan 15, 2026.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();
    // Its session is ended on the server once; this made-up one never existed there.
    await expect.poll(() => pageProblems.length).toBe(1);
    expectAnswersLogged(pageProblems, 401, 1);
  });
});
