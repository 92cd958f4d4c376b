import { MAKER_LOGO_URL_PLACEHOLDER } from '@portal/contracts';
import { pageSetting } from './page-setting';

/**
 * The URL of the maker's logo (MAKER_LOGO): the placeholder while prerendering, then what the
 * server wrote into the page, "" when there is no logo and the header shows a wordmark.
 */
export function makerLogoUrl(): string {
  return pageSetting('makerLogo', MAKER_LOGO_URL_PLACEHOLDER);
}
