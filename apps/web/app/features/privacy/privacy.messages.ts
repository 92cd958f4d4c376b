import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The privacy policy (SPEC §2, decision 135): a legal text for the laboratories that use the
// site. Translate it in the formal register, and keep every statement exactly as true as the
// English: the same data named, the same periods, the same people who see it. The service
// area's screens (People, Usage) are in English: name them as they are. `maker` is the
// maker's name.

/** The privacy page's description for search engines. */
export const description = message('What this site collects about you, why, and what it does with it.');
export const lead = message<{ maker: string }>(
  'This policy explains what the {maker} software site collects about you, how it gets it and what it does with it. Most of the site needs nothing from you at all.',
);

export const informationWeCollect = message('Information we collect');
export const fiveKinds = message('We keep five kinds of information that can concern a person:');
/** Each kind begins with its name in bold (`b`). The service area: the staff tools behind sign-in. */
export const staffAddresses = richMessage<{ b: Tag }>(
  '<b>Staff e-mail addresses.</b> The e-mail addresses of company employees and service staff who sign in to the service area.',
);
/** A publishing draft: a release being prepared by staff before it is published. */
export const staffActs = richMessage<{ b: Tag }>(
  "<b>What staff do in the service area.</b> With a staff member's e-mail address we record when they sign in, the roles they hold, who invited them and the registrations they manage; the publishing drafts they create or change and the files they upload into them; and every change they make to the catalogue, including each file they withdraw or restore and the reason they give. An audit log records those changes too, and each service key they generate, each Administrator password reset response key they send or try to send, each change they make or try to make to a registration's authorized administrators, each feed address they reissue, each security advisory they publish or revise, each API token they create or revoke and each change to people and their roles, with the date and time and the network prefix of the address the request came from. For each API token a publisher creates for a build pipeline we keep its name, who created it, when, when it expires, and the time and network prefix of the address of its last use (never the token itself, only a keyed fingerprint of it).",
);
export const advisoryNames = richMessage<{ b: Tag }>(
  '<b>Names in security advisories.</b> When someone reports a vulnerability and agrees to be thanked, the published security advisory names them (and their organisation, if they wish) in its acknowledgments. The advisory is public and kept, with every revision, for as long as the advisory is published; ask our security contact to remove your name from a new revision.',
);
/** Administrator password reset: Cornerstone's reset of a forgotten Administrator password, done by the maker's service staff. */
export const administratorAddresses = richMessage<{ b: Tag }>(
  "<b>Authorized administrators' e-mail addresses.</b> For a Cornerstone registration that requires authorized administrators, the e-mail addresses of your laboratory's administrators who may receive an Administrator password reset.",
);
export const downloadRecords = richMessage<{ b: Tag }>(
  '<b>Download records.</b> For every file downloaded from this site: which file, the date and time (UTC), the number of bytes sent, the network prefix of the address it was sent to (the first three numbers of an IPv4 address, the first three groups of an IPv6 address; never the full address) and, when the download followed a lookup with a registration ID or key ID, a keyed digest of that ID (a fingerprint only our server can make; never the ID itself).',
);
export const idsAreNotPeople = message(
  'Registration IDs and key IDs that you enter to find downloads identify a software licence, not a person. They are used to answer your request and are not stored as you typed them. Apart from the names in security advisories, we do not collect your name or any other personal information.',
);

export const howWeGetIt = message('How we get it');
export const signInByLink = message(
  'You give us your company e-mail address when you ask to sign in. Signing in is passwordless: we e-mail you a link, and following that link signs you in. The link works once and expires after 15 minutes.',
);
/**
 * Only where staff may sign in with the company's own sign-in service: `provider` is its name
 * (e.g. Microsoft Entra ID); `only` is yes when it is the only way staff sign in.
 */
export const identityProvider = message<{ only: string; provider: string }>(
  "{only, select, yes {Staff sign in} other {Staff may also sign in}} with their {provider} company account, through the company's own sign-in service. It tells us the e-mail address of the account, whether that address is verified and the names of the account's groups. We keep only the e-mail address, the time of the sign-in and the roles the groups give in the service area; we do not keep the groups, your name or anything the sign-in service hands us to prove who you are. A sign-in this way lasts a few hours; then the site asks the sign-in service again, so an account the company has closed can no longer sign in.",
);
export const whereRecordsComeFrom = message(
  "Authorized administrators' addresses come with your registration, or are entered by our service staff when your laboratory asks for a change. Download records are written by our server as it sends each file, and the record of what staff do in the service area as they do it.",
);

export const whatWeDoWithIt = message('What we do with it');
export const emailUse = message(
  'We use your e-mail address to send you the sign-in link, to know who is signed in to the service area and what they may do there, and to record who did what there. We do not use it for marketing and we do not sell it.',
);
/** People and the audit log are staff screens, in English. Roles: administrator, publisher, service. */
export const whoSeesStaffRecords = message(
  "Staff with the administrator role see the People list (each staff member's roles, who invited them and when they last signed in) and the audit log. Staff with the publisher role see who made each draft and each change in the catalogue's history, and who withdrew or restored a file and why. Every signed-in staff member sees the administrators' addresses, to know whom to ask for a role.",
);
/**
 * `days` wraps `draftDays`, the days a publishing draft is kept after its last change (the
 * server's setting); `tokenDays`, the days an expired API token's record is kept.
 */
export const permanentRecord = richMessage<{ draftDays: string; tokenDays: number; days: Tag }>(
  "The audit log and the catalogue's history are the service area's permanent record: we never delete them, and the audit log is chained so that a removed entry would show. The records of each sign-in are kept too. A staff member stays on the People list until an administrator removes them. A draft and the files uploaded into it are deleted <days>{draftDays}</days> days after the draft's last change, whether it was published or not. An API token's record (its name, creator and last use) is deleted when the token is revoked, or {tokenDays} days after it expires; the audit log keeps its creation, its revocation and each catalogue change made with it, by the token's name.",
);
export const administratorAddressesUse = message(
  "We use authorized administrators' addresses only to send them the response key of an Administrator password reset. Only staff with the service role can see them. They are kept while the registration needs them.",
);
/**
 * The periods are the server's settings: `downloads` wraps `downloadDays`, `usage` wraps
 * `usageDays`. Usage is a staff screen, in English; Analytics is the heading further down.
 */
export const downloadRecordsUse = richMessage<{ downloadDays: string; usageDays: string; downloads: Tag; usage: Tag }>(
  'We use download records to count how often each product and version is downloaded. Only staff with the administrator role see them, as figures on the Usage screen. We keep each download record for <downloads>{downloadDays}</downloads> days, and the anonymous usage records described under Analytics for <usage>{usageDays}</usage> days; then our server deletes them.',
);
export const havingItRemoved = message('Having your information removed');
/**
 * `contact` (empty) is where whom to contact goes: "contact {maker} on the support page or
 * by e-mail at ….", a sentence of its own, lower case after the comma.
 */
export const removal = richMessage<{ contact: Tag }>(
  "To have an authorized administrator's address or the download records of your registration ID or key ID removed, <contact></contact> Tell us the address or the ID. We remove them and keep only a record that a removal was made, with a fingerprint of the request, never the address or the ID. A staff member's address is not removed from the audit log or the catalogue's history.",
);

export const thirdParties = message('Third parties');
export const emailService = message(
  "We use a third-party e-mail sending service to deliver the sign-in e-mail and the e-mail that carries an Administrator password reset's response key. It receives the recipient's e-mail address and the message, only to deliver it. We share your information with no one else.",
);

export const cookies = message('Cookies');
export const noCookies = message('This site uses no cookies.');

export const localStorage = message('Local storage');
export const keptSignIn = message(
  'While you are signed in, your browser keeps your sign-in, which includes your e-mail address, in its local storage on your computer. It stays there until you sign out or the sign-in expires, at most three months later. Signing out removes it.',
);
/** Forget this ID: the lookups' button, as it is called there. */
export const rememberedId = message(
  'After a registration ID or key ID you entered has been accepted, this browser tab keeps it in its session storage, so that the other lookups offer it without retyping. It is forgotten when you close the tab or choose Forget this ID, is not shared with other tabs, and is sent nowhere it was not already going.',
);
/** Analytics: the heading below. */
export const waitingUsageRecords = message(
  'When our server cannot be reached, the anonymous usage records described under Analytics wait in local storage, at most 2,000 of them, and are sent on your next visit. They hold nothing about you.',
);

export const analytics = message('Analytics');
export const anonymousAnalytics = message(
  'We count how the site is used so we can improve it. These analytics are anonymous: each page load gets a new, random session that is not linked to you, to your earlier visits or to your e-mail address.',
);
export const errorRecords = message(
  'When something goes wrong that we did not plan for, the error is recorded so that we can fix it. The record describes the error and the page, not you.',
);

export const youngPeople = message('Young people');
export const notForChildren = message(
  'This site is meant for laboratories and their staff. We do not knowingly process any information about children or anyone under the age of 18.',
);
