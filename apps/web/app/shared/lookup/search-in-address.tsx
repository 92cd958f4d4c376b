import { useLayoutEffect } from 'react';
import { LOOKUP_PARAM } from '../navigation/navigation';
import { LookupBusy } from './lookup-form';
import styles from './lookup.module.css';

/** Set on `<html>` from the first paint of a lookup opened with a search in its address, until its outcome shows. */
const MARK = 'data-search-in-address';

/**
 * A lookup page is prerendered without its results: opened from a link with an ID, it is
 * painted idle, and the search runs once the scripts have loaded. Without this, the results
 * then push whatever followed the form (the help, on a phone) down the screen under the
 * visitor's eyes. This inline script, run by the parser before the first paint, marks the
 * page; the mark shows the search's place (`SearchPlace`) with the busy loader, a screen high,
 * so nothing below it is on screen until the results take its place. Rendered by React on a
 * client navigation it does not run, and need not: the router renders a lookup page there
 * only with its outcome.
 */
export function SearchInAddressMark() {
  return (
    <script
      // Written once at build time into the page (its hash goes into the page's CSP).
      dangerouslySetInnerHTML={{
        __html: `if(new URLSearchParams(location.search).has(${JSON.stringify(LOOKUP_PARAM)}))document.documentElement.setAttribute(${JSON.stringify(MARK)},"")`,
      }}
    />
  );
}

/** Where the outcome of a search in the address will show: empty and hidden unless the page is marked. */
export function SearchPlace() {
  return (
    <div className={styles.searchPlace}>
      <LookupBusy />
    </div>
  );
}

const unmark = () => document.documentElement.removeAttribute(MARK);

/** Takes the mark off once the outcome shows, or when the page goes. */
export function useSearchInAddressShown(shown: boolean) {
  useLayoutEffect(() => {
    if (shown) unmark();
    return unmark;
  }, [shown]);
}
