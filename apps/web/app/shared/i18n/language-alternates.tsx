import { LANGUAGES, pathInLanguage } from '@portal/contracts';

/**
 * A browser-only page's other languages for search engines: the `hreflang` links
 * scripts/first-paint.mjs writes into a prerendered page, rendered here instead (React puts
 * them in the head), by the address the page was reached at. `englishPath` is the page's
 * English address.
 */
export function LanguageAlternates({ englishPath }: { englishPath: string }) {
  const address = (path: string) => new URL(path, window.location.origin).href;
  return (
    <>
      {LANGUAGES.map((language) => (
        <link
          key={language}
          rel="alternate"
          hrefLang={language}
          href={address(pathInLanguage(englishPath, language))}
        />
      ))}
      <link rel="alternate" hrefLang="x-default" href={address(englishPath)} />
    </>
  );
}
