/**
 * A setting the server writes into every page at start-up (MAKER_NAME, REPORT_ERRORS, …),
 * as a data- attribute of <html>: while prerendering, the placeholder the server replaces;
 * in the browser, what it wrote there (`unset` if the attribute is missing). A new value
 * needs a restart of the portal, never a rebuild.
 */
export function pageSetting(attribute: string, placeholder: string, unset = ''): string {
  if (typeof document === 'undefined') return placeholder;
  return document.documentElement.dataset[attribute] ?? unset;
}
