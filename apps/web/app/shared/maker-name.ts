import { MAKER_NAME_PLACEHOLDER } from '@portal/contracts';
import { siteName as siteNameIn } from './i18n/site.messages';
import { pageSetting } from './page-setting';

/** The maker's name (MAKER_NAME): the placeholder while prerendering, then what the server wrote into the page. */
export function makerName(): string {
  return pageSetting('makerName', MAKER_NAME_PLACEHOLDER);
}

/** What the site calls itself, in the page's language: the home heading and every document title ("{MAKER_NAME} Software"). */
export function siteName(): string {
  return siteNameIn({ maker: makerName() });
}
