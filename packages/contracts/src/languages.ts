/**
 * The languages of the customer pages (docs/decisions/281-customer-pages-in-six-languages.md).
 * English keeps SPEC's addresses; every other language is the same address under its prefix
 * (`/de/cornerstone/offline`). Read by the web app (links, `<html lang>`, `hreflang`, the
 * switch), its build (what is prerendered) and the API (which language a page or 404 is in).
 */
export const LANGUAGES = ['en', 'de', 'fr', 'es', 'ja', 'zh-Hans'] as const;
export type ShippedLanguage = (typeof LANGUAGES)[number];
/** Accented and about 40% longer English, built for the tests only: never linked or offered. */
export const PSEUDO_LANGUAGE = 'en-XA';
export type Language = ShippedLanguage | typeof PSEUDO_LANGUAGE;
export const SOURCE_LANGUAGE = 'en';
export const ALL_LANGUAGES: readonly Language[] = [...LANGUAGES, PSEUDO_LANGUAGE];

/** The first segment of a page's address in each language; English has none. */
export const LANGUAGE_PREFIXES: Readonly<Record<Language, string>> = {
  en: '',
  de: '/de',
  fr: '/fr',
  es: '/es',
  ja: '/ja',
  'zh-Hans': '/zh-hans',
  'en-XA': '/en-xa',
};

/** Each language in its own words: the switch names it so, whatever the page's language. */
export const LANGUAGE_NAMES: Readonly<Record<ShippedLanguage, string>> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  ja: '日本語',
  'zh-Hans': '简体中文',
};

/**
 * The pages that exist in every language, as English addresses. A page joins when all of its
 * words are in the catalogues; the others stay English only, and a link to one from a
 * translated page leads to the English site. Unknown paths in a language get its 404 page.
 */
export const TRANSLATED_PAGES: readonly string[] = [
  '/',
  '/404',
  '/cornerstone/offline',
  '/cornerstone/pibs',
  '/cornerstone/dsvs',
  '/chromatof',
  '/chromatof/pibs',
  '/cornerstone',
  '/cornerstone/mobile',
  '/metallographics',
  '/metallographics/px',
  '/metallographics/mx',
  '/metallographics/cx',
  '/metallographics/px/firmware',
  '/metallographics/mx/firmware',
  '/metallographics/cx/firmware',
  '/service',
  '/privacy',
  '/security',
  '/security/policy',
];

/**
 * The browser-only pages that exist in every language, as patterns of their English addresses:
 * one advisory (`/security/:advisoryId`), the page of a broken download link (`/download-link`)
 * and a feed's file (`/feed-file`). What they show is read in the browser, from their parameter
 * or their query, so they are not prerendered: the server answers each language's address with
 * that language's SPA fallback page (its words and `<html lang>`), and the page is rendered there.
 */
// One pattern for the three: Home's shell carries it (LocalLink), and Home has no byte to spare.
export const TRANSLATED_BROWSER_PAGES: readonly RegExp[] = [/^\/(?:security\/[^/]+|download-link|feed-file)$/];

/** The language a path is in: its prefix, or English. */
export function languageOfPath(pathname: string): Language {
  const first = `/${pathname.split('/')[1] ?? ''}`.toLowerCase();
  return ALL_LANGUAGES.find((language) => language !== 'en' && LANGUAGE_PREFIXES[language] === first) ?? 'en';
}

/** A path without its language prefix: the English address ('/de' → '/', '/de/404' → '/404'). */
export function pathWithoutLanguage(pathname: string): string {
  const prefix = LANGUAGE_PREFIXES[languageOfPath(pathname)];
  return pathname.slice(prefix.length) || '/';
}

/** The address of an English path (query and fragment kept) in a language: '/' → '/de', '/404?x' → '/de/404?x'. */
export function pathInLanguage(path: string, language: Language): string {
  const prefix = LANGUAGE_PREFIXES[language];
  if (!prefix) return path;
  return path === '/' || /^\/[?#]/.test(path) ? prefix + path.slice(1) : prefix + path;
}

/**
 * A page's addresses in every language, for search engines' `hreflang` links: each shipped
 * language's, and the English one as `x-default`. `englishPath` is the page's English address.
 */
export function languageAlternates(englishPath: string): { hreflang: string; path: string }[] {
  return [
    ...LANGUAGES.map((language) => ({ hreflang: language, path: pathInLanguage(englishPath, language) })),
    { hreflang: 'x-default', path: englishPath },
  ];
}

/** Whether a page (its English path, no query) is offered in every language. */
export function isTranslatedPage(englishPath: string): boolean {
  const path = englishPath.replace(/\/+$/, '') || '/';
  return TRANSLATED_PAGES.includes(path) || TRANSLATED_BROWSER_PAGES.some((pattern) => pattern.test(path));
}

/**
 * How a day is written in each language: SPEC's short month, day and year in English
 * ('May 20, 2025'), the month in words elsewhere ('20. Mai 2025', '2025年5月20日').
 */
export function dayFormatOptions(language: Language): Intl.DateTimeFormatOptions {
  return {
    year: 'numeric',
    month: language === 'en' || language === PSEUDO_LANGUAGE ? 'short' : 'long',
    day: 'numeric',
  };
}

/** The locale Intl formats a language's numbers and dates in (the pseudo-language's are English). */
export function intlLocale(language: Language): string {
  return language === PSEUDO_LANGUAGE ? 'en-US' : language === 'en' ? 'en-US' : language;
}

/**
 * PUBLIC_URL's origin in a prerendered page, which the server writes in at start-up: the
 * `hreflang` links name each language's page by its full address. `apps/web/scripts/first-paint.mjs`,
 * which writes those links, spells it the same.
 */
export const PUBLIC_ORIGIN_PLACEHOLDER = '__PORTAL_PUBLIC_ORIGIN__';
