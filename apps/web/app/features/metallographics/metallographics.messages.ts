import { message } from '../../shared/i18n/message';

// The Metallographics page and the PX, MX and CX series pages (SPEC §2). PX, MX, CX, PX400 and
// PX500 are the names of the instrument series and models: keep them as they are.

/** The Metallographics page's description for search engines. */
export const description = message(
  'Firmware, update instructions and simulators for the PX, MX and CX metallographic series.',
);
/** Metallographic preparation: cutting, mounting, grinding and polishing samples for the microscope. */
export const lead = message(
  'Firmware, update instructions and simulators for our metallographic preparation equipment.',
);
/** What the PX series is: machines that grind and polish samples. */
export const pxSummary = message('Grinder/polishers, the PX400 and PX500.');
/** What the MX series is: presses that embed samples in resin mounts. */
export const mxSummary = message('Mounting presses.');
/** What the CX series is: abrasive saws that cut samples from a part. */
export const cxSummary = message('Cutting-off machines.');
/** A series page's description for search engines: `series` its name ("PX Series"), `summary` as above. */
export const seriesDescription = message<{ series: string; summary: string }>(
  '{series}: {summary} Firmware download and update instructions, and the simulator.',
);
/** Heading: the software inside the instrument. */
export const firmware = message('Firmware');
/** `series` is PX, MX or CX. */
export const downloadLatestFirmware = message<{ series: string }>(
  'Download the latest firmware for your {series} and follow the update instructions.',
);
/** Leads to the firmware page; `series` is PX, MX or CX. */
export const firmwareLink = message<{ series: string }>('{series} firmware download and update instructions');
/** Heading of the links to the series' tools on other sites. */
export const tools = message('Tools');
/** A program that manages the instrument's preparation methods; `series` is PX. */
export const methodsManager = message<{ series: string }>('{series} methods manager');
/** A program that shows the instrument's screens for practice; `series` is PX, MX or CX. */
export const simulator = message<{ series: string }>('{series} simulator');
/** The series on the maker's own product site; `series` is PX. */
export const productPage = message<{ series: string }>('{series} product page');
