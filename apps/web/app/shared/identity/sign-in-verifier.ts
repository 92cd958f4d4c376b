import { SIGN_IN_VERIFIER_STORAGE_KEY } from '@portal/contracts';

/**
 * A random verifier kept by the browser that asks for a sign-in link; its SHA-256 goes
 * with the request. The link, opened in this browser, signs in without a click; opened
 * anywhere else (another device, a mail scanner), it waits for one. localStorage, not
 * sessionStorage: mail programs open links in a new tab.
 */
export async function newSignInVerifier(): Promise<string | undefined> {
  // crypto.subtle exists only on https and localhost; elsewhere the link asks for the click.
  if (!globalThis.crypto?.subtle) return undefined;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const verifier = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  try {
    window.localStorage.setItem(SIGN_IN_VERIFIER_STORAGE_KEY, verifier);
  } catch {
    return undefined;
  }
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function readSignInVerifier(): string | undefined {
  try {
    return window.localStorage.getItem(SIGN_IN_VERIFIER_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}
