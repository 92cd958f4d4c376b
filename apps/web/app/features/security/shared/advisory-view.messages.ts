import { message, richMessage, type Tag } from '../../../shared/i18n/message';

// One published advisory as the public reads it (docs/security-advisories.md): the page's
// frame and the advisory's facts, headings and labels. What staff wrote in it (title, summary,
// descriptions, remediations, revision summaries) is shown as written. CSAF, CVE, CVSS, VEX and
// OpenPGP are names: keep them.

/** The advisory page's description for search engines. */
export const description = message('A security advisory: what is affected, how severe it is and how to fix it.');
export const loadingAdvisory = message('Loading the advisory…');
/** The link back to the list of advisories. */
export const everyAdvisory = message('Every advisory');
/** `csaf` links to the advisory's CSAF document, `signature` to its OpenPGP signature. */
export const csafDocument = richMessage<{ csaf: Tag; signature: Tag }>(
  'The CSAF 2.0 document: <csaf>CSAF JSON</csaf>, its <signature>OpenPGP signature (.asc)</signature>.',
);
/** The button that opens the browser's print dialog. */
export const printOrSave = message('Print or save as PDF');
/** Said when an address names no published advisory (the server's 404). */
export const noSuchAdvisory = message('No published advisory has this ID.');

/** Labels of the advisory's facts. */
export const id = message('ID');
export const severity = message('Severity');
/** A VEX statement: our products are not affected by a vulnerability. */
export const notAffectedVex = message('Not affected (VEX)');
export const products = message('Products');
/** CVE: the vulnerability's ID in the CVE list. */
export const cve = message('CVE');
export const firstPublished = message('First published');
export const lastRevised = message('Last revised');
/** After the day of the last revision: `date` wraps `day`; `version` is the revision's number. */
export const revisionNumber = richMessage<{ day: string; version: string; date: Tag }>(
  '<date>{day}</date> (revision {version})',
);
export const summary = message('Summary');
/** The heading of a vulnerability without a CVE or title: `number` counts from 1. */
export const vulnerabilityNumber = message<{ number: number }>('Vulnerability {number}');
/** The vulnerability's weakness (CWE): its ID and name follow. */
export const weakness = message('Weakness');
/** Heading: the releases a vulnerability affects. */
export const affected = message('Affected');
/** Heading: the releases that fix it. */
export const fixedIn = message('Fixed in');
export const noAffectedRelease = message('No affected release is named.');
export const noFixedRelease = message('No fixed release is published yet.');
/** Heading of the remediations. */
export const whatToDo = message('What to do');
/** A remediation's kind, before what staff wrote about it. */
export const remediationUpdate = message('Update:');
export const remediationWorkaround = message('Workaround:');
export const remediationMitigation = message('Mitigation:');
/** Heading of the not-affected statements. */
export const notAffected = message('Not affected');
/** Why a product is not affected: `reason` is one of the justifications below; `b` is bold. */
export const justification = richMessage<{ reason: string; b: Tag }>('<b>Justification:</b> {reason}.');
/** CSAF's VEX justifications, as the statement gives them. */
export const componentNotPresent = message('The vulnerable component is not present');
export const codeNotPresent = message('The vulnerable code is not present');
export const codeNotControllable = message('The vulnerable code cannot be controlled by an adversary');
export const codeNotInExecutePath = message('The vulnerable code is not in the execute path');
export const mitigationsExist = message('Inline mitigations already exist');
export const acknowledgments = message('Acknowledgments');
export const revisionHistory = message('Revision history');
/** Column headings of the revision history. */
export const revision = message('Revision');
export const date = message('Date');
/** A remediation's link to the lookup that downloads a fixed release: `release` names it (e.g. Cornerstone 2.10.0). */
export const getRelease = message<{ release: string }>('Get {release}');
