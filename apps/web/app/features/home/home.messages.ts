import { message } from '../../shared/i18n/message';

/** The home page's description for search engines. */
export const description = message('Installers, bulletins, validation documents and firmware for your instruments.');
export const lead = message('Software, installers, bulletins and firmware for your instruments.');
/** Tile of the Cornerstone software (a product name, kept as it is). */
export const cornerstoneTile = message(
  'Instrument software: web and offline installers, Product Information Bulletins and validation documents.',
);
/** Tile of the ChromaTOF software (a product name). */
export const chromatofTile = message('Mass spectrometry software and its Product Information Bulletins.');
export const mobileTile = message('Apps for iOS, Android and Microsoft, by subscription per instrument.');
/** MX, PX and CX are the instrument series' names. */
export const metallographicsTile = message('Firmware and update instructions for the MX, PX and CX series.');
/** Heading of the links to the lookups, grouped by what the visitor has in hand. */
export const findYourFiles = message('Find your files');
export const startFromWhatYouHave = message('Start from what you have.');
/** "Find your files" group: the visitor has a Cornerstone registration ID. */
export const aRegistrationId = message('A registration ID');
/** 'Copy Protection Key' is how the certificate labels the value: keep it in English quotes. */
export const registrationIdWhere = message(
  "Cornerstone's: in its About box, or on the Software Registration Certificate as 'Copy Protection Key'.",
);
export const offlineInstallers = message('Cornerstone offline installers');
export const cornerstonePibs = message('Cornerstone PIBs');
export const validationDeclarations = message('Declarations of Software Validation');
/** "Find your files" group: the visitor has a ChromaTOF key ID. */
export const aKeyId = message('A key ID');
export const keyIdWhere = message(
  "ChromaTOF's: in its About dialog, or on the Software Registration Certificate as 'Copy Protection Key'.",
);
export const chromatofDownloads = message('ChromaTOF downloads');
export const chromatofPibs = message('ChromaTOF PIBs');
/** "Find your files" group: the visitor has a metallographic instrument (PX, MX, CX). */
export const anInstrument = message('An instrument');
export const instrumentWhere = message('A metallographic instrument: its firmware and how to update it need no ID.');
export const pxFirmware = message('PX firmware');
export const mxFirmware = message('MX firmware');
export const cxFirmware = message('CX firmware');
/** Heading of the home page's list of the latest releases and security advisories. */
export const whatsNew = message("What's new");
/** Said in place of the list when Home, reached from another page, could not read it. */
export const newsUnavailable = message("What's new could not be read just now. Reload the page to try again.");
