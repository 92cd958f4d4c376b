import { expect, test, type Browser } from '@playwright/test';
import { OIDC_REFUSALS, oidcUnavailableMessage, roleRequiredMessage } from '@portal/contracts';
import {
  signInAtProvider,
  startIdentityProvider,
  TEST_ROLE_MAP,
  testIdentityProviderEnv,
  type TestIdentityProvider,
} from '../test-kit/identity-provider';
import { freePort, startPortal, type PortalProcess } from '../test-kit/portal-process';
import { seriousViolations } from './axe';

// Its own portal (the shared one has no identity provider) and the company's identity
// provider, oidc-provider, on loopback: nothing between the portal and it is mocked.
test.describe.configure({ mode: 'serial' });

let idp: TestIdentityProvider;
let portal: PortalProcess;

test.beforeAll(async () => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  idp = await startIdentityProvider({ publicUrl });
  portal = await startPortal({
    env: {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      STAFF_EMAIL_DOMAINS: 'example.com',
      STAFF_DEFAULT_ROLES: '',
      ADMIN_EMAILS: 'sam@example.com',
      ...idp.env({ OIDC_ROLE_MAP: TEST_ROLE_MAP }),
    },
  });
});

test.afterAll(async () => {
  await portal?.close();
  await idp?.close();
});

/** A browser of its own, as a person at their desk: the provider's session cookie is theirs alone. */
async function newPerson(browser: Browser) {
  const context = await browser.newContext({ baseURL: portal.url });
  return { context, page: await context.newPage() };
}

test('a person of the publisher group signs in with the button and lands on Publishing as a publisher; moved to another group, the next sign-in has the new roles', async ({
  browser,
}) => {
  const { context, page } = await newPerson(browser);
  await page.goto('/service/publishing');
  await expect(page.getByLabel('Enter your company email address')).toBeVisible();
  // Both doors, the company's first, with no serious accessibility violation.
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Sign in with Contoso' }).click();

  // The provider's own login page.
  await page.locator('input[name="login"]').fill('pia');
  await page.locator('input[name="password"]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();

  await expect(page).toHaveURL(/\/service\/publishing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publishing');
  await expect(page.getByText(roleRequiredMessage('publisher'))).toHaveCount(0);
  await expect(page.getByText(/You are signed in until/)).toBeVisible();

  // Her session ends on the server (as it does after OIDC_SESSION_HOURS): the next staff call
  // is refused, and the portal sends her through the provider, which signs her straight back in.
  const bearer = await page.evaluate(() => localStorage.getItem('bearer'));
  const ended = await page.request.delete('/v1/auth/session', { headers: { authorization: `Bearer ${bearer}` } });
  expect(ended.status()).toBe(204);
  await page.reload();
  // A new bearer, read between the renewal's navigations (a page that is leaving has no storage to read).
  const renewed = () =>
    page
      .evaluate(() => localStorage.getItem('bearer'))
      .then(
        (value) => value !== null && value !== bearer,
        () => false,
      );
  await expect.poll(renewed).toBe(true);
  await expect(page).toHaveURL(/\/service\/publishing$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Publishing');

  // IT moves her to field service. She signs out and in again: the provider knows her still
  // (no typing), and her roles are the new group's.
  idp.accounts.get('pia')!.groups = ['field-service'];
  await page.getByRole('button', { name: 'pia@example.com' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.goto('/service/publishing');
  await page.getByRole('button', { name: 'Sign in with Contoso' }).click();
  await expect(page).toHaveURL(/\/service\/publishing$/);
  await expect(page.getByText(roleRequiredMessage('publisher'))).toBeVisible();
  await context.close();
});

/** A session through the provider without a browser (the screens are not what such a test is about). */
async function bearerThroughProvider(login: string): Promise<string> {
  const started = await fetch(`${portal.url}/v1/auth/oidc/start?redirect=/`, { redirect: 'manual' });
  const back = await signInAtProvider(started.headers.get('location')!, login, `${portal.url}/v1/auth/oidc/callback`);
  const landed = await fetch(back, { redirect: 'manual' });
  const token = new URL(landed.headers.get('location')!).searchParams.get('bearer')!;
  const session = await fetch(`${portal.url}/v1/auth/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });
  return ((await session.json()) as { bearer: string }).bearer;
}

test('People shows whose roles come from the provider and offers no edit of them', async ({ browser }) => {
  await bearerThroughProvider('pia');
  const bearer = await bearerThroughProvider('sam');
  const { context, page } = await newPerson(browser);
  await context.addInitScript((value) => localStorage.setItem('bearer', value), bearer);
  await page.goto('/service/people');
  const pia = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'pia@example.com' }) });
  await expect(pia.getByText('Roles from Contoso')).toBeVisible();
  await expect(pia.getByRole('button', { name: 'Save roles' })).toHaveCount(0);
  await expect(pia.getByRole('checkbox')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('a person whose address is not verified, or of another domain, is refused with the reason', async ({
  browser,
}) => {
  for (const [login, reason] of [
    ['una', OIDC_REFUSALS.unverified],
    ['otto', OIDC_REFUSALS['not-staff']],
  ] as const) {
    const { context, page } = await newPerson(browser);
    await page.goto('/service');
    await page.getByRole('button', { name: 'Sign in with Contoso' }).click();
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await expect(page).toHaveURL(/\/auth\?/);
    await expect(page.getByRole('alert')).toHaveText(reason);
    expect(await page.evaluate(() => localStorage.getItem('bearer'))).toBeNull();
    // The way back in is right there, the button first.
    await expect(page.getByRole('button', { name: 'Sign in with Contoso' })).toBeVisible();
    await context.close();
  }
});

test('with OIDC_ONLY=true the e-mail form is gone and the link request answers 404', async ({ browser }) => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const only = await startIdentityProvider({ publicUrl });
  const onlyPortal = await startPortal({
    env: {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      STAFF_EMAIL_DOMAINS: 'example.com',
      ...only.env({ OIDC_ONLY: 'true' }),
    },
  });
  try {
    const context = await browser.newContext({ baseURL: onlyPortal.url });
    const page = await context.newPage();
    await page.goto('/service');
    await expect(page.getByRole('button', { name: 'Sign in with Contoso' })).toBeVisible();
    await expect(page.getByLabel('Enter your company email address')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Get Sign-In Email' })).toHaveCount(0);
    const answer = await page.request.put('/v1/auth/redirects/requests', {
      data: { email: 'ana@example.com', redirectPath: '/service' },
    });
    expect(answer.status()).toBe(404);
    await context.close();
  } finally {
    await onlyPortal.close();
    await only.close();
  }
});

test('with the provider down at start-up the button says sign-in is unavailable, the e-mail door works, and the button comes back with the provider', async ({
  browser,
}) => {
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const idpPort = await freePort();
  const downPortal = await startPortal({
    env: {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      STAFF_EMAIL_DOMAINS: 'example.com',
      ...testIdentityProviderEnv(`http://127.0.0.1:${idpPort}`),
    },
  });
  let late: TestIdentityProvider | undefined;
  try {
    const context = await browser.newContext({ baseURL: downPortal.url });
    const page = await context.newPage();
    await page.goto('/service');
    const button = page.getByRole('button', { name: 'Sign in with Contoso' });
    await expect(page.getByText(oidcUnavailableMessage('Contoso'))).toBeVisible();
    await expect(button).toBeDisabled();
    expect(await seriousViolations(page)).toEqual([]);
    // The e-mail door stays.
    await page.getByLabel('Enter your company email address').fill('ana@example.com');
    await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You will receive an email' })).toBeVisible();

    // The provider comes up; the page asks again when the window gets focus, and the button is back.
    late = await startIdentityProvider({ publicUrl, port: idpPort });
    await expect(async () => {
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await expect(button).toBeEnabled({ timeout: 500 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByText(oidcUnavailableMessage('Contoso'))).toHaveCount(0);
    await button.click();
    await expect(page.locator('input[name="login"]')).toBeVisible();
    await context.close();
  } finally {
    await downPortal.close();
    await late?.close();
  }
});
