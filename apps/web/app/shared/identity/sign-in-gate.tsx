import type { ReactNode } from 'react';
import { useIdentity } from './identity-store';
import { SignInWidget } from './sign-in-widget';

/** Staff content for the signed-in; the sign-in widget, in its place, for everyone else. */
export function SignInGate({ children }: { children: ReactNode }) {
  const identity = useIdentity();
  return identity ? children : <SignInWidget />;
}
