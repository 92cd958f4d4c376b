import {
  isTranslatedPage,
  languageOfPath,
  LANGUAGES,
  pathWithoutLanguage,
  PSEUDO_LANGUAGE,
  type ShippedLanguage,
} from '@portal/contracts';

/** The shipped language a browser's language tag asks for: 'de-AT' German, 'zh-CN' Simplified Chinese, 'zh-TW' none. */
export function shippedLanguageOf(tag: string): ShippedLanguage | undefined {
  const [primary = '', ...rest] = tag.toLowerCase().split('-');
  if (primary === 'zh') return rest.some((part) => /^(hant|tw|hk|mo)$/.test(part)) ? undefined : 'zh-Hans';
  return LANGUAGES.find((language) => language === primary);
}

/**
 * The language to offer on this page: the first of the browser's languages (what it sends as
 * Accept-Language) that the portal has, when it is not the page's and the page is offered in
 * it. Never a redirect: the visitor stays where the link or the address brought them.
 */
export function offeredLanguage(pathname: string, wanted: readonly string[]): ShippedLanguage | undefined {
  const page = languageOfPath(pathname);
  if (page === PSEUDO_LANGUAGE || !isTranslatedPage(pathWithoutLanguage(pathname))) return undefined;
  for (const tag of wanted) {
    const language = shippedLanguageOf(tag);
    if (language) return language === page ? undefined : language;
  }
  return undefined;
}
