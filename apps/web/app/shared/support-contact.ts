import { SUPPORT_EMAIL_PLACEHOLDER, SUPPORT_URL_PLACEHOLDER } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { pageSetting } from './page-setting';

export interface SupportContact {
  /** SUPPORT_URL: an https page where customers ask for help. */
  url: string | undefined;
  /** SUPPORT_EMAIL: the address customers write to. */
  email: string | undefined;
}

/**
 * SUPPORT_URL and SUPPORT_EMAIL, as the server wrote them into the page at start-up (like
 * the maker's name, maker-name.ts): the placeholders while prerendering, then the values,
 * or nothing when they are not set.
 */
export const supportUrlAttribute = () => pageSetting('supportUrl', SUPPORT_URL_PLACEHOLDER);
export const supportEmailAttribute = () => pageSetting('supportEmail', SUPPORT_EMAIL_PLACEHOLDER);

const NONE: SupportContact = { url: undefined, email: undefined };
let cached: { key: string; contact: SupportContact } | undefined;

function readContact(): SupportContact {
  const url = supportUrlAttribute();
  const email = supportEmailAttribute();
  const key = `${url}\n${email}`;
  if (cached?.key !== key) {
    // Only an https URL is a link we offer; the server has checked it, the page may not have come from it.
    cached = { key, contact: { url: url.startsWith('https://') ? url : undefined, email: email || undefined } };
  }
  return cached.contact;
}

const subscribe = () => () => {};

/**
 * Whom to contact. The prerendered page cannot know (its placeholders become the values
 * only when served), so it renders as if neither were set and the browser fills them in
 * right after hydration.
 */
export function useSupportContact(): SupportContact {
  return useSyncExternalStore(subscribe, readContact, () => NONE);
}
