import { OIDC_PATHS, oidcButtonLabel, oidcUnavailableMessage } from '@portal/contracts';
import { useCallback, useEffect, useId, useState } from 'react';
import { Button } from '../components/ui/button';
import { getOidcStatus } from './api/get-oidc-status';
import { newSignInVerifier } from './sign-in-verifier';

/** While the provider is unavailable, the page asks again this often (and whenever the window gets focus). */
const RECHECK_UNAVAILABLE_MS = 20_000;

/** Where the button leads: the portal's start, which sends the person on to the identity provider. */
export function identityProviderStartUrl(redirectPath: string, verifierHash?: string): string {
  const query = new URLSearchParams({ redirect: redirectPath });
  if (verifierHash) query.set('verifierHash', verifierHash);
  return `${OIDC_PATHS.start}?${query.toString()}`;
}

/**
 * Sends this browser through the identity provider, keeping a verifier as the e-mail door
 * does, so /auth signs it in at once when the provider sends it back.
 */
export async function goThroughIdentityProvider(redirectPath: string) {
  const verifierHash = await newSignInVerifier();
  window.location.assign(identityProviderStartUrl(redirectPath, verifierHash));
}

/** Whether the server can reach the provider: undefined until it has answered (or when it cannot be asked). */
async function askAvailable(): Promise<boolean | undefined> {
  try {
    return (await getOidcStatus()).available;
  } catch {
    // Not knowing is no reason to hide the door: the start says on /auth if it is unavailable.
    return undefined;
  }
}

/**
 * The provider's availability as the server sees it (GET OIDC_PATHS.status): asked when the
 * button appears, when the window gets focus, and every so often while it is unavailable,
 * so the button comes back once the provider does.
 */
function useIdentityProviderAvailable() {
  const [available, setAvailable] = useState<boolean | undefined>(undefined);
  const recheck = useCallback(async () => {
    const answer = await askAvailable();
    setAvailable(answer);
    return answer;
  }, []);
  useEffect(() => {
    void askAvailable().then(setAvailable);
    const onFocus = () => void recheck();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [recheck]);
  useEffect(() => {
    if (available !== false) return;
    const timer = window.setInterval(() => void recheck(), RECHECK_UNAVAILABLE_MS);
    return () => window.clearInterval(timer);
  }, [available, recheck]);
  return { available, recheck };
}

/**
 * "Sign in with {OIDC_NAME}": the first door when an identity provider is configured. While
 * the server cannot reach the provider the button is disabled and says so; the e-mail door
 * beside it stays.
 */
export function IdentityProviderButton({
  name,
  only,
  redirectPath,
}: {
  name: string;
  /** OIDC_ONLY: no e-mail door beside it. */
  only: boolean;
  redirectPath: string;
}) {
  const [leaving, setLeaving] = useState(false);
  const { available, recheck } = useIdentityProviderAvailable();
  const unavailableId = useId();
  const unavailable = available === false;
  return (
    <>
      <Button
        type="button"
        disabled={leaving || unavailable}
        aria-describedby={unavailable ? unavailableId : undefined}
        onClick={() => {
          setLeaving(true);
          void (async () => {
            // Asked once more on the click: a provider gone since the page was opened is said here, not after a detour.
            if ((await recheck()) === false) setLeaving(false);
            else await goThroughIdentityProvider(redirectPath);
          })();
        }}
      >
        {oidcButtonLabel(name)}
      </Button>
      {unavailable && (
        <p id={unavailableId} role="status">
          {oidcUnavailableMessage(name, { emailDoor: !only })}
        </p>
      )}
    </>
  );
}
