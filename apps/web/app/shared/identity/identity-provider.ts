import { OIDC_NAME_PLACEHOLDER, OIDC_ONLY_PLACEHOLDER } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { pageSetting } from '../page-setting';

/** The company's identity provider as the server configured it (OIDC_NAME, OIDC_ONLY). */
export interface IdentityProviderSettings {
  /** What the button says after "Sign in with". */
  name: string;
  /** The identity provider is the only door: no e-mail form. */
  only: boolean;
}

/**
 * OIDC_NAME and OIDC_ONLY as the server wrote them into the page at start-up, like the
 * maker's name: the placeholders while prerendering; an empty name when no identity
 * provider is configured.
 */
export const oidcNameAttribute = () => pageSetting('oidcName', OIDC_NAME_PLACEHOLDER);
export const oidcOnlyAttribute = () => pageSetting('oidcOnly', OIDC_ONLY_PLACEHOLDER);

let cached: { key: string; settings: IdentityProviderSettings | undefined } | undefined;

function readSettings(): IdentityProviderSettings | undefined {
  const name = oidcNameAttribute();
  const only = oidcOnlyAttribute();
  const key = `${name}\n${only}`;
  if (cached?.key !== key) {
    cached = { key, settings: name === '' ? undefined : { name, only: only === 'true' } };
  }
  return cached.settings;
}

const subscribe = () => () => {};

/**
 * The identity provider, or undefined when there is none. The prerendered page cannot know
 * (its placeholders become the values only when served): it renders the e-mail door alone,
 * and the browser adds the button right after hydration.
 */
export function useIdentityProvider(): IdentityProviderSettings | undefined {
  return useSyncExternalStore(subscribe, readSettings, () => undefined);
}
