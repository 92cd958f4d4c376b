import { MAKER_LOGO_URL_PLACEHOLDER } from '@portal/contracts';

/**
 * The URL of the maker's logo (MAKER_LOGO): the placeholder while prerendering, then what the
 * server wrote into the page, "" when there is no logo and the header shows a wordmark.
 */
export function makerLogoUrl(): string {
  if (typeof document === 'undefined') return MAKER_LOGO_URL_PLACEHOLDER;
  return document.documentElement.dataset.makerLogo ?? '';
}
