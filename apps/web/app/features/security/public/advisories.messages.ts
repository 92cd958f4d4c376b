import { message, richMessage, type Tag } from '../../../shared/i18n/message';

// The security advisories page's own words (docs/security-advisories.md). What staff wrote in
// an advisory (its title) is shown as written. CSAF, VEX and CVE are names: keep them.

/** The advisories page's description for search engines. */
export const advisoriesDescription = message(
  'Security advisories and not-affected statements for our software and firmware, newest first, each as a signed CSAF 2.0 document.',
);
/** The title of the advisories' Atom feed, as a feed reader lists it. */
export const advisoriesFeedTitle = message('Security advisories');
export const advisoriesLead = message(
  'Every vulnerability we know of in our software and firmware, which versions it affects and how to fix it. Each advisory is also a signed CSAF 2.0 document, for the tools that read them.',
);
/** `report` links to how to report a vulnerability; `feed` to the advisories' Atom feed. */
export const reportAndFollow = richMessage<{ report: Tag; feed: Tag }>(
  'Found a vulnerability? <report>How to report it</report>. Follow new advisories in a feed reader: <feed>the advisories feed</feed>.',
);
export const loadingAdvisories = message('Loading the advisories…');
/** The accessible name of the product filter form. */
export const filterByProduct = message('Filter by product');
export const product = message('Product');
/** The filter's first choice: no filter. */
export const everyProduct = message('Every product');
/** Applies the product filter. */
export const show = message('Show');
/** Takes the product filter away. */
export const showEveryProduct = message('Show every product');
export const noAdvisory = message('No advisory is published.');
/** `product` is a product's name (e.g. Cornerstone). */
export const noAdvisoryNames = message<{ product: string }>('No advisory names {product}.');
/** The accessible name of the list of advisories. */
export const advisories = message('Advisories');
export const advisoriesFor = message<{ product: string }>('Advisories for {product}');
/** A VEX statement: our products are not affected by a vulnerability. */
export const notAffectedVex = message('Not affected (VEX)');
/** When an advisory was first published: `date` wraps `firstDate`, written in the page's language. */
export const published = richMessage<{ firstDate: string; date: Tag }>('Published <date>{firstDate}</date>');
/** Follows `published` once an advisory was revised: when it last was. */
export const revised = richMessage<{ lastDate: string; date: Tag }>(', revised <date>{lastDate}</date>');
/** The link to an advisory's CSAF document; `hidden` (for screen readers) names the advisory. */
export const csafJsonOf = richMessage<{ advisoryId: string; hidden: Tag }>(
  'CSAF JSON<hidden> of {advisoryId}</hidden>',
);
