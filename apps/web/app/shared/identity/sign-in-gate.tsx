import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { takeIdentityProviderRenewal } from '../api/api-client';
import { useIdentityProvider } from './identity-provider';
import { goThroughIdentityProvider } from './identity-provider-button';
import { useIdentity } from './identity-store';
import { SignInWidget } from './sign-in-widget';

/** Staff content for the signed-in; the sign-in widget, in its place, for everyone else. */
export function SignInGate({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  const identityProvider = useIdentityProvider();
  const location = useLocation();
  const destination = `${location.pathname}${location.search}`;
  // A session of the identity provider's ended (OIDC_SESSION_HOURS): back through it, once,
  // which signs the person straight back in while their company session lives.
  useEffect(() => {
    if (!identity && identityProvider && takeIdentityProviderRenewal()) void goThroughIdentityProvider(destination);
  }, [identity, identityProvider, destination]);
  return identity ? children : <SignInWidget />;
}
