import { message } from '../../shared/i18n/message';

/** Before the date a release came out: "Released May 20, 2025". */
export const released = message('Released');
/** Before the date a security advisory was published: "Published Feb 3, 2026". */
export const published = message('Published');
export const nothingPublished = message('Nothing is published yet.');
/** A security advisory without a CVSS score. */
export const noScore = message('No score');
/** CVSS severity ratings of a security advisory. */
export const noneSeverity = message('None severity');
export const lowSeverity = message('Low severity');
export const mediumSeverity = message('Medium severity');
export const highSeverity = message('High severity');
export const criticalSeverity = message('Critical severity');
/** The latest release of the Cornerstone software (a product name): `version` as "2.10.0". */
export const cornerstoneRelease = message<{ version: string }>('Cornerstone {version}');
/** A firmware release: `instrument` is PX, MX or CX; `version` as "v010 (002.002.010)". */
export const firmwareRelease = message<{ instrument: string; version: string }>('{instrument} firmware {version}');
