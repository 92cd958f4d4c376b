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

/**
 * The `lang` of an element holding English that is not the page's own words (what staff
 * wrote: an advisory's title, summary, descriptions): none on an English page, 'en' on a
 * page in another language.
 */
export function englishMark(): 'en' | undefined {
  return pageLanguage() === 'en' ? undefined : 'en';
}
