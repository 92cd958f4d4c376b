import { message } from '../../../shared/i18n/message';

// The frame of one advisory as the public reads it (its severity, facts, headings and labels),
// and what a public security page says when the advisories or the contact cannot be read.
// What staff wrote in an advisory (title, summary, descriptions, remediations) is shown as written.

/** In place of a severity rating: the advisory or vulnerability has no CVSS score. */
export const noScore = message('No score');

/**
 * On a page in another language, what a failed read of the advisories or the contact says,
 * by its status (the server's own words are English): `status` is the HTTP status code.
 */
export const couldNotRead = message<{ status: number }>(
  'The security information could not be read. Please try again later. (HTTP status code {status})',
);
/** As couldNotRead, when no answer came at all. */
export const noAnswer = message('The server did not answer. Check your connection and try again.');
