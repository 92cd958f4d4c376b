import { message, richMessage, type Tag } from '../../../shared/i18n/message';

// How to report a vulnerability (docs/security-advisories.md). CSAF, CVSS and security.txt are
// names: keep them.

/** The reporting page's description for search engines. */
export const policyDescription = message(
  'How to report a vulnerability in our software or firmware, and what happens next.',
);
/** `maker` is the maker's name. */
export const policyLead = message<{ maker: string }>(
  'If you found a vulnerability in {maker} software or firmware, tell us: we look at every report, and we publish what we find.',
);
export const howToReport = message('How to report');
export const loadingContact = message('Loading the contact…');
/** `contact` wraps the security contact's address (an e-mail address or a web address). */
export const writeTo = richMessage<{ address: string; contact: Tag }>(
  'Write to <contact>{address}</contact>. Say which product and version you used, what you did, what happened, and how we can reach you. Please do not include customer data, and give us time to fix the problem before you tell anyone else.',
);
export const whatHappensNext = message('What happens next');
export const weConfirm = message('We confirm that we received your report, normally within three working days.');
export const weReproduce = message(
  'We reproduce the problem and assess which versions it affects and how severe it is (CVSS v3.1).',
);
export const weFix = message('We fix it and tell you when a fixed version is coming; we may ask you to check the fix.');
/** `advisories` links to the security advisories page. */
export const wePublish = richMessage<{ advisories: Tag }>(
  'We publish a security advisory: on <advisories>the security advisories page</advisories>, as a signed CSAF 2.0 document, and in the lookups where customers download each affected version. With your agreement, we name you in its acknowledgments.',
);
export const weReport = message(
  'An actively exploited vulnerability is reported to the authorities as the EU Cyber Resilience Act requires.',
);
/** Heading: what automated tools read. */
export const forTools = message('For tools');
/** `metadata` links to the CSAF provider metadata, `securityTxt` to the security.txt file. */
export const forToolsText = richMessage<{ metadata: Tag; securityTxt: Tag }>(
  'This site is a CSAF 2.0 trusted provider: tools find every advisory from its <metadata>provider metadata</metadata>, and the contact from its <securityTxt>security.txt</securityTxt> (RFC 9116).',
);
