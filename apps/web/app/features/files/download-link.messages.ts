import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The page a person is sent to who opened a download link that no longer works: it has
// expired, it was changed, or its file was withdrawn (docs/decisions/091-broken-download-links-lead-people-to-a-page.md).
// A lookup is where a customer enters a registration ID or key ID to find their files.

/** The page's title in the browser's tab. */
export const title = message('Download link');
/** The page's description for search engines. */
export const description = message('A download link that no longer works, and the way back to the lookup.');
/** Heading: the link was made more than an hour ago. */
export const expiredTitle = message('This download link has expired');
export const expiredText = message(
  'Download links work for one hour after a lookup. Look the file up again to get a new link.',
);
/** Heading: the link is incomplete or was altered, so it leads nowhere. */
export const invalidTitle = message('This download link does not work');
export const invalidText = message(
  'The link is incomplete or has been changed. Look the file up again to get a link that works.',
);
/**
 * Heading: the maker took the file back (`maker` is the maker's name). The English is what the
 * file's link answers (fileWithdrawnMessage), without its full stop.
 */
export const withdrawnTitle = message<{ maker: string }>('This file has been withdrawn by {maker}');
/** "Its record" is the file's entry in the lookups' results, which stays. */
export const withdrawnText = message(
  'The file is no longer offered. Its record remains; the lookups list what replaces it, if anything.',
);
/** Followed by a sentence saying how to contact the maker. */
export const questions = message('Questions?');
/** `file` is the file's name, as it is: `b` marks it. */
export const linkToFile = richMessage<{ file: string; b: Tag }>('It was a link to <b>{file}</b>.');
/** As linkToFile, with the name of the lookup page that handed the link out (`page`, as "Offline Installer"). */
export const linkToFileOnPage = richMessage<{ file: string; page: string; b: Tag }>(
  'It was a link to <b>{file}</b> on the {page} page.',
);
/** A button to the lookup, and the heading of the list of every lookup. */
export const lookUpAgain = message('Look up your files again');
/** A button to the page the link was found on (`page` is its name, as "Product Information Bulletins"). */
export const backTo = message<{ page: string }>('Back to {page}');

/** The list of every lookup, offered when the page cannot say which one the link came from. */
export const offlineInstallers = message('Cornerstone offline installers');
/** PIB: Product Information Bulletin. */
export const cornerstonePibs = message('Cornerstone product information bulletins (PIBs)');
/** DSV: Declaration of Software Validation. */
export const cornerstoneDsvs = message('Cornerstone declarations of software validation (DSVs)');
export const chromatofDownloads = message('ChromaTOF downloads');
export const chromatofPibs = message('ChromaTOF PIBs');
/** PX, MX and CX are the names of the series of metallographic instruments. */
export const pxFirmware = message('PX Series firmware');
export const mxFirmware = message('MX Series firmware');
export const cxFirmware = message('CX Series firmware');
