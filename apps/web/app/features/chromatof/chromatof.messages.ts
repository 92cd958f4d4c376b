import { message } from '../../shared/i18n/message';

/** The ChromaTOF page's description for search engines (ChromaTOF is a product name). */
export const description = message(
  'Download ChromaTOF mass spectrometry software with your key ID, and find its PIBs.',
);
export const blurb = message(
  'ChromaTOF is the software of our time-of-flight mass spectrometers: it acquires the data and finds, identifies and quantifies the compounds in your samples.',
);
/** Heading of the key ID form. */
export const downloadChromatof = message('Download ChromaTOF');
/** The form was sent without a key ID. */
export const enterKeyId = message('Please enter your key ID.');
export const findDownloads = message('Find downloads');
/** Title of the dialog that says where the key ID is. */
export const whereIsMyKeyId = message('Where is my key ID?');
export const keyIdInAboutDialog = message(
  "In ChromaTOF, click the 'i' icon at the upper right to open the About dialog: it shows your key ID.",
);
/** 'Copy Protection Key' is printed on the certificate in English: keep it so. */
export const keyIdOnCertificate = message(
  "Your key ID is also on the Software Registration Certificate, where it is labelled 'Copy Protection Key'.",
);
/** SPEC §4: shown while the lookup runs. */
export const finding = message('Finding ChromaTOF for you...');
/** SPEC §8: the key ID was accepted but nothing is offered for it. */
export const noDownloads = message('No downloads are available for this key');
/** SPEC §8: the server refused the key ID (401). */
export const incorrectKey = message('Incorrect key');
/** Accessible name of the list of downloads found. */
export const downloads = message('Downloads');
/** Heading of the link to the ChromaTOF PIB lookup. */
export const productInformationBulletins = message('Product Information Bulletins');
export const findPibs = message('Find the PIBs for your ChromaTOF');
