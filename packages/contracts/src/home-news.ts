/**
 * The home page's "What's new" (docs/decisions/251-home-news-written-into-the-page.md): the
 * latest Cornerstone version, the latest firmware of each series and the newest security
 * advisories, as the catalogue and the advisories stand now. The server writes it into the
 * prerendered home page in place of HOME_NEWS_PLACEHOLDER, rendered by `homeNewsHtml`
 * (`home-news-html.ts`); the
 * browser keeps that markup, and renders the same function's markup from
 * `GET HOME_NEWS_PATH` only when it arrives at Home from another page.
 */
export const HOME_NEWS_PLACEHOLDER = '<!--%HOME_NEWS%-->';
/** The element the markup is written into: the browser reads it back instead of asking again. */
export const HOME_NEWS_ELEMENT_ID = 'home-news';
export const HOME_NEWS_PATH = '/v1/home-news';
/** How many advisories "What's new" names, newest first. */
export const HOME_NEWS_ADVISORIES = 3;
/** Where "What's new" sends a visitor for the latest Cornerstone: the page with the web installer, which needs no ID. */
export const CORNERSTONE_PAGE = '/cornerstone';
