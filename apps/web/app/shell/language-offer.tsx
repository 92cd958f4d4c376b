import { pathInLanguage, pathWithoutLanguage, type ShippedLanguage } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { switchLanguage } from './language-switch';
import styles from './language-offer.module.css';

interface OfferWords {
  alsoInThisLanguage: string;
  readInThisLanguage: string;
  noThanks: string;
}

/**
 * The same page offered in the language the browser asks for, in that language's words
 * (`@portal-messages/<language>/language-offer`, which every page's import map names).
 * Loaded only when there is something to offer. Dismissed, it stays away until the page is
 * loaded again: nothing is stored about the visitor.
 */
export default function LanguageOffer({ language }: { language: ShippedLanguage }) {
  const { pathname, search } = useLocation();
  const [words, setWords] = useState<OfferWords>();
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    let current = true;
    import(/* @vite-ignore */ `@portal-messages/${language}/language-offer`).then(
      (module: OfferWords) => current && setWords(module),
      () => {},
    );
    return () => {
      current = false;
    };
  }, [language]);
  if (!words || dismissed) return null;
  return (
    <aside className={styles.offer} lang={language} aria-label={words.alsoInThisLanguage}>
      <p>
        {words.alsoInThisLanguage}{' '}
        <a
          href={pathInLanguage(pathWithoutLanguage(pathname), language) + search}
          hrefLang={language}
          onClick={switchLanguage}
        >
          {words.readInThisLanguage}
        </a>
      </p>
      <button type="button" className={styles.dismiss} onClick={() => setDismissed(true)}>
        {words.noThanks}
      </button>
    </aside>
  );
}
