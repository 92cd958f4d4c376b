import { message } from './message';

/**
 * Offered at the top of a page in another language when the browser asks for this one, and
 * written in this language (the visitor may read no other). Said of the page being read.
 */
export const alsoInThisLanguage = message('This page is also in English.');
/** The link to the same page in this language. */
export const readInThisLanguage = message('Read it in English');
/** Closes the offer, staying on the page as it is. */
export const noThanks = message('No, thanks');
