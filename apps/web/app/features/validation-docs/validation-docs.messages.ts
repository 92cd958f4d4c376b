import { message } from '../../shared/i18n/message';

/** The DSV lookup's description for search engines. DSV: Declaration of Software Validation. */
export const description = message(
  'Declarations of Software Validation for the Cornerstone versions of your registration ID.',
);
export const lead = message(
  'Enter your registration ID to see the Declarations of Software Validation of your Cornerstone versions.',
);
/** SPEC §8: the server refused the registration ID (401). The English is misspelled on purpose: translate it as "Invalid registration ID". */
export const invalidRegistrationId = message('Invalid Registraion ID');
/** Heading of the results: the validation documents. */
export const documents = message('Documents');
export const noDocuments = message('No documents are available for this registration ID.');
/** The document of a version of Cornerstone (a product name): `version` as "2.10.0". */
export const cornerstoneVersion = message<{ version: string }>('Cornerstone {version}');
