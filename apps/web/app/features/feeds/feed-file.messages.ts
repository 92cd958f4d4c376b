import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The page a private update feed's entry leads to (docs/feeds.md): one file of the feed, with a
// download link made when the page is opened. A feed is the address a customer adds to a feed
// reader (Outlook, Thunderbird) to hear of new files for their registration ID or key ID.

/** The page's heading while it loads, and its title in the browser's tab. */
export const fileFromYourFeed = message('A file from your feed');
/** The page's description. */
export const description = message('A file from your update feed, with a fresh download link.');
/** Under the file's name (its heading). */
export const lead = message(
  'A file from your update feed. Its download link works for one hour; open this page again from the feed for a new one.',
);
/** Heading when the file cannot be shown (unknown, no longer published, or the feed address replaced). */
export const cannotBeShown = message('This file cannot be shown');
/** `cornerstone` and `chromatof` link to those products' pages; Cornerstone and ChromaTOF are product names. */
export const unknownFile = richMessage<{ cornerstone: Tag; chromatof: Tag }>(
  'The feed address or the file is not known, or the file is no longer published for you. Look up your files again on the <cornerstone>Cornerstone</cornerstone> or <chromatof>ChromaTOF</chromatof> page.',
);
/** The feed's address was replaced by a new one (by staff); the old one no longer works. */
export const feedReplaced = message(
  'This feed address has been replaced. Look up your registration ID or key ID on the portal to get the new one.',
);
/** The maker took the file back (`maker` is the maker's name). */
export const fileWithdrawn = message<{ maker: string }>('This file has been withdrawn by {maker}.');
/** Too many unknown feed addresses were tried from this connection. */
export const tooManyFailures = message('Too many failed attempts. Please wait a few minutes and try again.');
/** When the file could not be read, by the answer's HTTP status code (`status`). */
export const couldNotRead = message<{ status: number }>(
  'The file could not be read. Please try again later. (HTTP status code {status})',
);
/** As couldNotRead, when no answer came at all. */
export const noAnswer = message('The server did not answer. Check your connection and try again.');
