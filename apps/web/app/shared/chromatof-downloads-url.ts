import { CHROMATOF_DOWNLOADS_URL_PLACEHOLDER } from '@portal/contracts';
import { pageSetting } from './page-setting';

/**
 * Where the ChromaTOF download lookup starts (CHROMATOF_DOWNLOADS_URL), read as the maker's
 * name is (maker-name.ts): the placeholder while prerendering, then what the server wrote
 * into the page at start-up, so a new endpoint needs a restart, never a rebuild.
 */
export function chromatofDownloadsUrl(): string {
  return pageSetting('chromatofDownloadsUrl', CHROMATOF_DOWNLOADS_URL_PLACEHOLDER);
}
