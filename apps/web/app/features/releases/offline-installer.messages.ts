import { message, richMessage, type Tag } from '../../shared/i18n/message';

/** The offline installer lookup's description for search engines. */
export const description = message('Download an offline installer of Cornerstone with your registration ID.');
export const lead = message(
  'Enter your registration ID to see the versions of Cornerstone you can install without an internet connection.',
);
/** SPEC §8: the server refused the registration ID (401). */
export const invalidRegistrationId = message('Invalid registration ID');
/** Heading of the results: the versions of Cornerstone the registration may install. */
export const versions = message('Versions');
export const noVersions = message('No versions are available for this registration ID.');
/** A version of Cornerstone (a product name): `version` as "2.10.0". */
export const cornerstoneVersion = message<{ version: string }>('Cornerstone {version}');
/** A version listed without an installer to download. */
export const noOfflineInstaller = message('No offline installer');
export const configurationEditor = message('Download the Cornerstone Configuration Editor');
/** For staff who came here; `link` leads to the staff releases page (English only). */
export const companyEmployee = richMessage<{ link: Tag }>(
  'Are you a company employee? <link>See all releases and PIBs</link>.',
);
