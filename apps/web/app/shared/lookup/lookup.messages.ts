import { message, richMessage, type Tag } from '../i18n/message';

// The lookups by registration ID or key ID (SPEC §2): their form, help, results and record.
// `idKind` is 'registration' (Cornerstone's registration ID) or 'key' (ChromaTOF's key ID).

/** The button that runs a lookup. */
export const find = message('Find');
/** Opens a dialog saying where the ID is found. */
export const whereIsThis = message('Where is this?');
/** The browser stops offering the ID it remembers for this visit. */
export const forgetThisId = message('Forget this ID');
/** Said to screen readers while a lookup runs. */
export const searching = message('Searching…');
/** The label of the field of the Cornerstone lookups. */
export const registrationId = message('Registration ID');
export const findRegistrationIdInCornerstone = message('You can find your registration ID in Cornerstone:');
/** `b` marks the "i" of the icon as the screen shows it. */
export const registrationIdInAboutBox = richMessage<{ b: Tag }>(
  'Click the <b>i</b> icon at the upper left of Cornerstone and read the About Box.',
);
/** `b` marks the label printed on the certificate, in English: keep it as it is. */
export const registrationIdOnCertificate = richMessage<{ b: Tag }>(
  'Or look on your Software Registration Certificate, where the value may be labelled <b>Copy Protection Key</b>.',
);
/** The next step after a refused registration ID; `b` as above. */
export const registrationIdWhereInShort = richMessage<{ b: Tag }>(
  "Find it in Cornerstone's About Box (click the <b>i</b> icon at the upper left) or on your Software Registration Certificate, where it may be labelled <b>Copy Protection Key</b>.",
);
/** Heading of the panel beside a lookup. */
export const needHelp = message('Need help?');
export const whereToFind = message<{ idKind: string }>(
  '{idKind, select, key {Where to find your key ID} other {Where to find your registration ID}}',
);
export const whatItLooksLike = message('What it looks like');
/** `max` is a number of characters; `code` marks the example, which stays as it is. */
export const idFormat = richMessage<{ idKind: string; max: number; code: Tag }>(
  '{idKind, select, key {A key ID} other {A registration ID}} is letters, digits and dashes, up to {max} characters, such as <code>ABCD-1234-EFGH</code>. Upper or lower case does not matter.',
);
export const ifItIsRefused = message('If it is refused');
export const ifRefusedAdvice = message(
  'Copy it from where you found it rather than typing it: a zero and the letter O look alike. After several refused attempts the portal asks you to wait a while before you try again.',
);
export const whomToContact = message('Whom to contact');
/** `maker` is the maker's name; said when no support page or address is configured. */
export const contactWhoGaveYou = message<{ idKind: string; maker: string }>(
  '{idKind, select, key {Contact {maker}, who gave you your key ID.} other {Contact {maker}, who gave you your registration ID.}}',
);
/** Heading of the steps shown under a refused ID. */
export const whatToDoNext = message('What to do next');
export const checkTheId = message<{ idKind: string }>(
  '{idKind, select, key {Check the key ID you entered.} other {Check the registration ID you entered.}}',
);
export const stillRefused = message('Still refused?');
/** On a printed result, after the masked ID: when it was looked up (`at`, in UTC, as the page writes it). */
export const lookedUpAt = richMessage<{ at: string; time: Tag }>('looked up <time>{at}</time>');
export const printOrSave = message('Print or save as PDF');
/** Heading of the address of the ID's feed of new files, for a feed reader. */
export const followUpdates = message('Follow updates');
export const followUpdatesNote = message<{ idKind: string }>(
  '{idKind, select, key {Add this address to a feed reader (Outlook and Thunderbird can follow feeds) to hear of every new file for your key ID. The address does not contain your key ID, but it lists your files: keep it to yourself, as you would the key ID.} other {Add this address to a feed reader (Outlook and Thunderbird can follow feeds) to hear of every new file for your registration ID. The address does not contain your registration ID, but it lists your files: keep it to yourself, as you would the registration ID.}}',
);
export const feedUnavailable = message('The feed address could not be fetched. Please try again later.');
export const feedAddress = message('Feed address');
export const fetchingFeedAddress = message('Fetching the feed address…');
export const copyFeedAddress = message('Copy feed address');
/** Beside the newest version that has an installer. */
export const latest = message('Latest');
/** A link to the release notes; `hidden` is said to screen readers only. */
export const releaseNotesOf = richMessage<{ name: string; hidden: Tag }>('Release notes<hidden> of {name}</hidden>');
/** What the release notes are called in the label of their Copy button ("Copy SHA-256 of …"). */
export const releaseNotesName = message<{ name: string }>('release notes of {name}');
/** A link to a release's software bill of materials; `format` as "CycloneDX 1.6"; `hidden` for screen readers. */
export const sbomOf = richMessage<{ format: string; count: number; name: string; hidden: Tag }>(
  'Software bill of materials ({format}, {count, plural, one {# component} other {# components}})<hidden> of {name}</hidden>',
);
export const sbomName = message<{ name: string }>('software bill of materials of {name}');
// What a download is: the labels of its facts.
export const file = message('File');
export const type = message('Type');
export const size = message('Size');
/** The date the maker released it. */
export const released = message('Released');
/** When the installer was built (no release date given). */
export const built = message('Built');
/** When the file was imported into the portal (staff only). */
export const imported = message('Imported');
/** A PIB's or DSV's document number. */
export const documentNumber = message('Document');
export const title = message('Title');
export const revision = message('Revision');
/** The date a document takes effect. */
export const effective = message('Effective');
export const copySha256Of = message<{ name: string }>('Copy SHA-256 of {name}');
/** A file's type: `extension` as "EXE". */
export const installerType = message<{ extension: string }>('Installer ({extension})');
export const installer = message('Installer');
export const textType = message<{ extension: string }>('Text ({extension})');
export const text = message('Text');
/** SPEC §8: no answer came from the server. */
export const noAnswer = message('Encountered timeout while connecting to API server. Please retry the operation.');
/** The portal refuses more attempts from this visitor for a while (after many refused IDs). */
export const tooManyFailures = message('Too many failed attempts. Please wait a few minutes and try again.');
/** The portal's database is restarting or unreachable. */
export const databaseAway = message(
  'The portal cannot reach its database right now. Please try again in a few seconds.',
);
/** The label of the field of the ChromaTOF lookups. */
export const keyId = message('Key ID');
export const findKeyIdInChromatof = message('You can find your key ID in ChromaTOF:');
/** `b` marks the "i" of the icon as the screen shows it. */
export const keyIdInAboutDialog = richMessage<{ b: Tag }>(
  'Open the About dialog with the <b>i</b> icon at the upper right.',
);
/** `b` marks the label printed on the certificate, in English: keep it as it is. */
export const keyIdOnCertificate = richMessage<{ b: Tag }>(
  'Or look on your Software Registration Certificate, where it is labelled <b>Copy Protection Key</b>.',
);
/** The next step after a refused key ID; `b` as above. */
export const keyIdWhereInShort = richMessage<{ b: Tag }>(
  "Find it in ChromaTOF's About dialog (the <b>i</b> icon at the upper right) or on your Software Registration Certificate, where it is labelled <b>Copy Protection Key</b>.",
);
