import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The public words of the Service page (SPEC §2): the instrument service and the security
// links. The staff tools below them, and the sign-in that leads to them, stay in English.

/** The Service page's description for search engines, and its lead. */
export const intro = message('Instrument service, and the tools for company employees and service staff.');
/** Heading: the maker's service for instruments (visits, parts, questions), on another site. */
export const instrumentService = message('Instrument service');
export const instrumentServiceText = message(
  'Request a service visit, order parts or ask our service engineers a question.',
);
export const goToInstrumentService = message('Go to instrument service');
export const security = message('Security');
/** `advisories` links to the security advisories, `report` to how to report a vulnerability. */
export const securityText = richMessage<{ advisories: Tag; report: Tag }>(
  'Which versions a vulnerability affects and how to fix it: <advisories>security advisories</advisories>. Found one? <report>Report a vulnerability</report>.',
);
/** Heading of the tools behind sign-in, which are in English. */
export const staffTools = message('Tools for company employees and service staff');
