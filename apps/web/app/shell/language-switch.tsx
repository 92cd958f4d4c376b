import {
  isTranslatedPage,
  LANGUAGE_NAMES,
  languageOfPath,
  LANGUAGES,
  pathInLanguage,
  pathWithoutLanguage,
} from '@portal/contracts';
import { useSyncExternalStore, type MouseEvent } from 'react';
import { useLocation, useMatches } from 'react-router';
import { languages } from './shell.messages';
import styles from './site-footer.module.css';
import { useShellPathname } from './use-shell-pathname';

const subscribeToNothing = () => () => {};

/**
 * A plain click to another language on a page with a form: what the visitor typed goes along
 * (carry-input.ts, loaded for it, as it is on the page the switch leads to). Any other click
 * is the link's own.
 */
export function switchLanguage(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  if (!document.querySelector('main form')) return;
  event.preventDefault();
  const { href } = event.currentTarget;
  void import('./carry-input').then(({ withTypedInput }) => window.location.assign(withTypedInput(href)));
}

/** The route of the not-found page, prerendered at `/404` and answering any unknown address (app/routes.ts). */
const NOT_FOUND_MODULE = /not-found/;

/**
 * The same page in each language, each named in its own words: plain links (the other
 * language's page is another document), keeping the query and the typed input. Only on the
 * pages offered in every language; on the not-found page, to each language's.
 */
export function LanguageSwitch() {
  const location = useLocation();
  // As the shell renders for '/' while a browser-only page hydrates (use-shell-pathname.ts).
  const pathname = useShellPathname();
  // The prerendered page has no query: hydrating, the links are written as it wrote them, then with the query.
  const search = useSyncExternalStore(
    subscribeToNothing,
    () => location.search,
    () => '',
  );
  const notFound = NOT_FOUND_MODULE.test(useMatches().at(-1)?.id ?? '');
  // The not-found page was prerendered at /404 and answers any unknown address: its languages' are theirs.
  const english = notFound ? '/404' : pathWithoutLanguage(pathname);
  if (!isTranslatedPage(english)) return null;
  const current = languageOfPath(pathname);
  return (
    <nav aria-label={languages} className={styles.languages}>
      {LANGUAGES.map((language) => (
        <a
          key={language}
          href={pathInLanguage(english, language) + search}
          hrefLang={language}
          lang={language}
          aria-current={language === current ? 'page' : undefined}
          onClick={switchLanguage}
        >
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
