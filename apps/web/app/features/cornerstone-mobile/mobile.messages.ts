import { message } from '../../shared/i18n/message';

// The Cornerstone Mobile page (SPEC §2): the store links and the 'More details' dialog.
// Cornerstone Mobile, App Store, Google Play, Microsoft Store, iOS, Android and Windows are names: keep them.

/** The Cornerstone Mobile page's description for search engines. */
export const description = message(
  'Cornerstone Mobile for iOS, Android and Microsoft: watch and run your instrument from a phone or tablet.',
);
export const lead = message(
  "Follow your instrument's status and results from a phone or tablet. Cornerstone Mobile is sold per instrument by subscription.",
);
/** Opens the dialog about subscriptions. */
export const moreDetails = message('More details');
/** Title of the dialog. */
export const subscriptions = message('Cornerstone Mobile subscriptions');
export const subscriptionTerms = message(
  'Cornerstone Mobile is sold per instrument, by subscription, in one- or three-year terms. One subscription covers every phone and tablet your laboratory uses with that instrument.',
);
export const toSubscribe = message('To subscribe or renew, contact your sales or service representative.');
/** Heading of the store links. */
export const getTheApp = message('Get the app');
