import { message } from '../../shared/i18n/message';

/** PIB: Product Information Bulletin. The Cornerstone PIB lookup's heading and title. */
export const productInformationBulletins = message('Product Information Bulletins');
/** The Cornerstone PIB lookup's description for search engines. */
export const cornerstoneDescription = message('Product Information Bulletins for your Cornerstone registration ID.');
export const cornerstoneLead = message(
  'Enter your registration ID to see the Product Information Bulletins of your Cornerstone versions.',
);
/** SPEC §8: the server refused the registration ID (401). */
export const invalidRegistrationId = message('Invalid Registration ID');
/** Heading of the results. */
export const bulletins = message('Bulletins');
/** The English says "id" in lower case, as the spec's screens did. */
export const noBulletins = message<{ idKind: string }>(
  '{idKind, select, key {No bulletins are available for this key id.} other {No bulletins are available for this registration id.}}',
);
/** A bulletin: `product` its product's name (as "Cornerstone"), `version` as "2.10.0". */
export const bulletinName = message<{ product: string; version: string }>('{product} {version}');
/** The ChromaTOF PIB lookup's heading and title (ChromaTOF is a product name). */
export const chromatofTitle = message('ChromaTOF Product Information Bulletins');
export const chromatofDescription = message('Product Information Bulletins for your ChromaTOF key ID.');
export const chromatofLead = message('Enter your key ID to see the Product Information Bulletins of ChromaTOF.');
/** SPEC §8: the server refused the key ID (401). */
export const invalidKeyId = message('Invalid key ID');
