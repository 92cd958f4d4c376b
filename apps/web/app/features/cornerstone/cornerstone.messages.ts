import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The Cornerstone page (SPEC §2): the web installer, the offline installer, the documents, the
// Windows notice and the remote control sample. Cornerstone is a product name: keep it as it is.

/** The Cornerstone page's description for search engines. */
export const description = message(
  'Download the Cornerstone web installer, find offline installers, PIBs and Declarations of Software Validation.',
);
export const lead = message(
  'Cornerstone is the software that runs your instrument: it controls the analysis, keeps methods and results, and produces reports.',
);
/** Heading: the small installer that downloads the rest from the internet. */
export const webInstaller = message('Web installer');
export const webInstallerText = message(
  'The web installer is the quickest way to install or update Cornerstone on a computer connected to the internet. It downloads only the parts your instrument needs.',
);
export const downloadWebInstaller = message('Download the web installer');
/** Heading: the complete installer, for a computer without internet. */
export const offlineInstaller = message('Offline installer');
export const offlineInstallerText = message(
  'For a computer without an internet connection, download the complete installer with your registration ID and copy it to the instrument computer.',
);
export const getOfflineInstaller = message('Get the offline installer');
export const documents = message('Documents');
export const dsvDocuments = message('Declaration of Software Validation (DSV) documents');
/** PIB: Product Information Bulletin. */
export const pibs = message('Product Information Bulletins (PIBs)');
export const windowsUpdates = message('Windows security and updates');
/** Your IT department: the laboratory's own computer support. */
export const windowsUpdatesKeep = message(
  "Keep the instrument computer's Windows security updates installed, as your IT department releases them. Cornerstone is tested with the Windows updates current at each release.",
);
export const windowsUpdatesProblem = message(
  'If a Windows update stops Cornerstone from working, do not uninstall Cornerstone: contact your service representative, who can tell you whether an update to Cornerstone is available.',
);
/** A small program, with its source code, that shows how to drive Cornerstone from another program. */
export const remoteControl = message('Remote control sample application');
export const remoteControlText = message(
  "Laboratories that automate their work can start analyses and read results from their own programs through Cornerstone's remote control interface. The sample application shows how, with its source code.",
);
export const downloadRemoteControl = message('Download the remote control sample application');
/** Said while the page asks for the latest version. */
export const lookingUpLatest = message('Looking up the latest version…');
/** Said when the latest version could not be read. */
export const alwaysLatest = message('The web installer always installs the latest version.');
/**
 * `version` as "2.10.0"; `released` the release day as the page writes it ("May 20, 2025"),
 * inside `<time>`; `b` marks the product and version.
 */
export const latestVersion = richMessage<{ version: string; released: string; b: Tag; time: Tag }>(
  'Latest version <b>Cornerstone {version}</b>, released <time>{released}</time>.',
);
/** Leads to the PIBs: what changed in this version (`version` as "2.10.0"). */
export const whatsNewIn = message<{ version: string }>("What's new in {version}");
