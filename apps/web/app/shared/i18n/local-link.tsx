import { isTranslatedPage, languageOfPath, pathInLanguage } from '@portal/contracts';
import { Link, useLocation, type LinkProps } from 'react-router';

/**
 * A link to a page of the site, given by its English address, in the language of the page it
 * is on: `/cornerstone/offline` is `/de/cornerstone/offline` on a German page. A page not
 * offered in that language is the English one, loaded as a document: the words of a page
 * come with its document (docs/decisions/281-customer-pages-in-six-languages.md), so a page never mixes two languages.
 */
export function LocalLink({ to, ...props }: LinkProps & { to: string }) {
  const language = languageOfPath(useLocation().pathname);
  const translated = isTranslatedPage(to.split(/[?#]/, 1)[0]!);
  return (
    <Link
      {...props}
      to={translated ? pathInLanguage(to, language) : to}
      reloadDocument={(!translated && language !== 'en') || props.reloadDocument}
    />
  );
}
