import { message } from './message';

/** What the site calls itself: the home heading and the end of every page's title. `maker` is the maker's name. */
export const siteName = message<{ maker: string }>('{maker} Software');
/** The link out of a page that failed or does not exist. */
export const goHome = message('Go to the home page');
/** Shown while a page that exists only in the browser starts. */
export const loading = message('Loading…');
/** Heading of the page shown when a page failed. */
export const somethingWentWrong = message('Something went wrong');
/** Close button of a dialog. */
export const close = message('Close');
