import { languageAlternates } from '@portal/contracts';

/**
 * A browser-only page's other languages for search engines: the `hreflang` links
 * scripts/first-paint.mjs writes into a prerendered page, rendered here instead (React puts
 * them in the head), by the address the page was reached at. `englishPath` is the page's
 * English address.
 */
export function LanguageAlternates({ englishPath }: { englishPath: string }) {
  return (
    <>
      {languageAlternates(englishPath).map(({ hreflang, path }) => (
        <link key={hreflang} rel="alternate" hrefLang={hreflang} href={new URL(path, window.location.origin).href} />
      ))}
    </>
  );
}
