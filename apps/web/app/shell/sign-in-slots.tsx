import { lazy, Suspense } from 'react';
import { useIdentity, useIdentityStatus } from '../shared/identity/identity-store';

/**
 * What the shell shows of a sign-in, loaded only when the browser keeps one
 * (`useShellIdentityRead`): a public visitor never loads the identity store (decision 165).
 * The account button brings the roles and their schemas, and the banner its words, each on
 * first use.
 */
const AccountButton = lazy(() =>
  import('../shared/identity/account-button').then((module) => ({ default: module.AccountButton })),
);
const SignedInBanner = lazy(() =>
  import('../shared/identity/signed-in-banner').then((module) => ({ default: module.SignedInBanner })),
);

/** The account button, for a signed-in person (fresh sign-in). */
export function AccountSlot() {
  return useIdentity() === undefined ? null : (
    <Suspense>
      <AccountButton />
    </Suspense>
  );
}

/** Under the navigation: the banner of a fresh or an old sign-in. */
export function SignInStatus() {
  return useIdentityStatus().state === 'absent' ? null : (
    <Suspense>
      <SignedInBanner />
    </Suspense>
  );
}
