import { languageOfPath, type Language } from '@portal/contracts';
import { serverLanguage } from './server-language';

/**
 * The language of the page being shown: in the browser, its document's (the words come with
 * the document, docs/decisions/281-customer-pages-in-six-languages.md); prerendering, the page being rendered's. For what is
 * written outside the messages: dates, counts and sizes (shared/format.ts).
 */
export function pageLanguage(): Language {
  return typeof window === 'undefined' ? serverLanguage() : languageOfPath(window.location.pathname);
}
