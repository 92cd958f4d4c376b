import { CHROMATOF_DOWNLOADS_URL_PLACEHOLDER } from '@portal/contracts';

/**
 * Where the ChromaTOF download lookup starts (CHROMATOF_DOWNLOADS_URL), read as the maker's
 * name is (maker-name.ts): the placeholder while prerendering, then what the server wrote
 * into the page at start-up, so a new endpoint needs a restart, never a rebuild.
 */
export function chromatofDownloadsUrl(): string {
  if (typeof document === 'undefined') return CHROMATOF_DOWNLOADS_URL_PLACEHOLDER;
  return document.documentElement.dataset.chromatofDownloadsUrl ?? '';
}
