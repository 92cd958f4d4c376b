import { useKeptSignIn } from '../shared/identity/stored-sign-in';
import { useAfterIdle } from '../shared/when-idle';

/**
 * How long the shell's identity (the signed-in banner, the account button) waits for an
 * idle browser after hydration: the first read of localStorage loads the site's whole
 * storage, a task of its own rather than a part of the one that hydrates the page
 * (decision 165). Prerendered pages show no identity anyway; staff screens read it at once,
 * in their gate.
 */
const SHELL_IDENTITY_TIMEOUT_MS = 1_000;

/**
 * False while the shell leaves the identity unread or the browser keeps no sign-in; true once
 * the browser was idle and keeps one: only then does the shell load what shows it.
 */
export function useShellIdentityRead(): boolean {
  return useKeptSignIn(useAfterIdle(SHELL_IDENTITY_TIMEOUT_MS));
}
