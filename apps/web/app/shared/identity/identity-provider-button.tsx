import { OIDC_PATHS, oidcButtonLabel } from '@portal/contracts';
import { useState } from 'react';
import { Button } from '../components/ui/button';
import { newSignInVerifier } from './sign-in-verifier';

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

/** "Sign in with {OIDC_NAME}": the first door when an identity provider is configured. */
export function IdentityProviderButton({ name, redirectPath }: { name: string; redirectPath: string }) {
  const [leaving, setLeaving] = useState(false);
  return (
    <Button
      type="button"
      disabled={leaving}
      onClick={() => {
        setLeaving(true);
        void goThroughIdentityProvider(redirectPath);
      }}
    >
      {oidcButtonLabel(name)}
    </Button>
  );
}
