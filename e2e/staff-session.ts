import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { E2E_STAFF_DOMAIN } from './global-setup';
import { signInLinkFromOutbox } from './outbox';

export const SIGN_IN_SENT = 'You will receive an email with a link to sign in within the next couple of minutes.';

/**
 * A staff address of its own for each test: the sign-in mail is limited per address, and
 * only the newest link works, so two workers must never pick the same one.
 */
export const newStaffAddress = () => `e2e-${randomUUID().slice(0, 13)}@${E2E_STAFF_DOMAIN}`;

/** Asks for a sign-in link with the widget on the current page and reads it from the outbox. */
export async function requestLinkInPage(page: Page, email: string) {
  await page.getByLabel('Enter your company email address').fill(email);
  await page.getByRole('button', { name: 'Get Sign-In Email' }).click();
  await expect(page.getByRole('status').filter({ hasText: SIGN_IN_SENT })).toBeVisible();
  return signInLinkFromOutbox(email);
}

export const accountButton = (page: Page, email: string) => page.getByRole('button', { name: email, exact: true });

/** Signs in (as a new staff member unless `email` is given) from the staff page at `path`, as a person would, and lands back there. */
export async function signInOn(page: Page, path: string, email = newStaffAddress()): Promise<string> {
  await page.goto(path);
  const link = await requestLinkInPage(page, email);
  await page.goto(link.toString());
  // The identity shows in the header before the sign-in landing has moved on: wait for the page itself.
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'));
  await expect(accountButton(page, email)).toBeVisible();
  return email;
}

export async function signOut(page: Page, email: string) {
  await accountButton(page, email).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(accountButton(page, email)).toBeHidden();
}
