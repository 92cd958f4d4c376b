import { message, richMessage, type Tag } from '../../shared/i18n/message';

// The firmware pages of the PX, MX and CX series (SPEC §2): the latest firmware, the four update
// steps and their help. A wrong step can leave an instrument unusable: translate every step
// exactly, add nothing, leave nothing out. PX, MX, CX, PX400, PX500, FAT32 and exFAT, NTFS are
// names. Placeholders that are not words ({fileName}, {button}, …) are shown as they are: the
// file's name and the instrument's own button labels.

/** A firmware page's description for search engines: `series` is PX, MX or CX; `instrument` is its name below. */
export const description = message<{ series: string; instrument: string }>(
  'Download the latest {series} firmware and update your {instrument} from a USB drive in four steps.',
);
/** The instrument, as the page names it after "your" (PX400 and PX500 are models). */
export const pxInstrument = message('PX400/PX500 grinder/polisher');
export const mxInstrument = message('MX mounting press');
export const cxInstrument = message('CX cutting-off machine');
/** The title of the series' feed of new firmware, for feed readers; `series` is PX, MX or CX. */
export const feedTitle = message<{ series: string }>('{series} firmware releases');
/** `instrument` as above. */
export const lead = message<{ instrument: string }>(
  'Update the firmware of your {instrument} from a USB drive. You will need a computer with internet access, a USB drive and about 20 minutes at the instrument.',
);
/** Heading of the latest firmware's download; `series` is PX, MX or CX. */
export const latestFirmware = message<{ series: string }>('Latest {series} firmware');
/** `feed` links to the series' feed of new firmware (an Atom file a feed reader follows). */
export const followFeed = richMessage<{ series: string; feed: Tag }>(
  'To hear of new {series} firmware, follow the <feed>{series} firmware feed</feed> in a feed reader (Outlook and Thunderbird can follow feeds).',
);
export const updateInstructions = message('Update instructions');

/** Step 1's heading. */
export const stepDownload = message('Download');
/** Step 1. `fileName` is update.zip. */
export const stepDownloadText = message<{ fileName: string }>(
  'Download the firmware file and copy it to an empty USB drive, at the top level of the drive (not in a folder), named {fileName}.',
);
/** Opens the help on the drive, and is its title. */
export const whichDrive = message('Which USB drive can I use?');
/** `b` marks the drive's file system and its size. */
export const whichDriveText = richMessage<{ b: Tag }>(
  'Use a USB drive formatted as <b>FAT32</b>, of <b>32GB or smaller</b>. The instrument does not read larger drives or drives formatted as exFAT or NTFS.',
);
/**
 * File Explorer, Properties, File system and Format… are what Windows shows: use the names of
 * the Windows of your language.
 */
export const checkDrive = message(
  'To check a drive in Windows, right-click it in File Explorer and choose Properties: the File system line says FAT32 or not. To format it, choose Format… and pick FAT32; formatting erases the drive.',
);
/** Opens the help on the file's name and place, and is its title. */
export const whereFile = message('Where does the file go?');
/** `fileName` is update.zip; `b` marks it. */
export const whereFileText = richMessage<{ fileName: string; b: Tag }>(
  'The file must be named <b>{fileName}</b> and lie at the root of the drive, not inside a folder. Do not unzip it: the instrument reads the zip file itself.',
);
/**
 * `fileName` is update.zip, `copyName` the name a browser gives a second copy (update (1).zip),
 * `baseName` the name without its ending (update). Windows may hide the ending: the sentence
 * says to type the name without it only where it does (a name typed without it where Windows
 * shows it would lose it).
 */
export const renameFile = message<{ fileName: string; copyName: string; baseName: string }>(
  'If your browser saved it under another name, such as {copyName}, rename it to {fileName}. Windows may hide the .zip ending: if it does, type only {baseName} as the new name.',
);

/** Step 2's heading. */
export const stepBackUp = message('Back up your settings');
/** Step 2. `button` is the label of the instrument's button (Export), shown as the instrument shows it. */
export const stepBackUpText = richMessage<{ button: string; b: Tag }>(
  "Insert the USB drive into the instrument's USB port. On the instrument, press <b>{button}</b> to save its settings and methods to the drive.",
);
/** Opens the help on the USB port, and is its title. */
export const whereUsbPort = message('Where is the USB port?');
/** Where the USB port is on each series' instrument: content for the product team to confirm. */
export const pxUsbPort = message(
  'On the PX, the USB port is on the front of the control panel, beside the touch screen.',
);
export const mxUsbPort = message('On the MX, the USB port is on the front of the control panel, below the display.');
export const cxUsbPort = message(
  'On the CX, the USB port is on the side of the control panel, to the right of the display.',
);
export const insertBeforeUpdateScreen = message('Insert the drive before you switch to the update screen.');

/** Step 3's heading. */
export const stepInstall = message('Install');
/** Step 3. `button` is the instrument's button (Upgrade); `fileName` is update.zip. */
export const stepInstallText = richMessage<{ button: string; fileName: string; b: Tag }>(
  'Press the <b>{button}</b> button. The instrument installs the new firmware from {fileName} and restarts. Leave the drive in and the power on until it has restarted.',
);
/** Opens the help on a stuck upgrade, and is its title. */
export const whatIfFreezes = message('What if the upgrade freezes?');
/** `button` is the instrument's button (Upgrade). */
export const freezesRestart = richMessage<{ button: string; b: Tag }>(
  'If nothing changes on the screen for 15 minutes, switch the instrument off, wait 30 seconds and switch it on again. Then repeat this step: press <b>{button}</b> once more.',
);
/** `fileName` is update.zip. */
export const freezesAgain = message<{ fileName: string }>(
  'If it freezes again, check the drive (FAT32, 32GB or smaller, {fileName} at its root) and try another drive. If that does not help, contact your service representative.',
);

/** Step 4's heading. */
export const stepRestore = message('Restore your settings');
/** Step 4. `button` is the instrument's button (Import); step 2 is "Back up your settings". */
export const stepRestoreText = richMessage<{ button: string; b: Tag }>(
  'After the restart, press <b>{button}</b> to restore the settings and methods you exported in step 2.',
);

/** Said while the page reads the latest version; `series` is PX, MX or CX. */
export const lookingUpLatest = message<{ series: string }>('Looking up the latest {series} firmware…');
/** A download link: `series` PX, MX or CX; `version` the version's short name (v010), or "v009 (002.002.009)". */
export const downloadFirmware = message<{ series: string; version: string }>('Download {series} firmware {version}');
/** A firmware release, named once as a whole: `series` PX, MX or CX; `version` as "v010 (002.002.010)". */
export const releaseName = message<{ series: string; version: string }>('{series} firmware {version}');
/** The day the firmware was released. */
export const released = message('Released');
/** The size of the file. */
export const size = message('Size');
/** SPEC §8: the firmware list could not be read; `status` is the HTTP status code (0: no answer). */
export const couldNotContact = message<{ status: number }>("Couldn't contact the server. (HTTP status code {status})");
/** SPEC §8: the answer was not a firmware list. */
export const unrecognizedError = message('An unrecognized error happened');
/** SPEC §8: the list names no firmware for this series; `valid` lists the series it names ("CX, MX"). */
export const noFirmwareFor = message<{ series: string; valid: string }>(
  'There is no firmware for {series}. Firmware is available for: {valid}.',
);
/** SPEC §8: the list names no series at all. */
export const noInstruments = message<{ series: string }>(
  'There is no firmware for {series}: the firmware metadata names no instruments.',
);
/** SPEC §8: the page is set up wrong (shortName and longName are the settings' names: keep them). */
export const configurationError = message<{ missing: string }>(
  "Configuration error: the firmware downloader needs the instrument's {missing}.",
);

/** Heading of the releases before the latest; `series` is PX, MX or CX. */
export const earlierFirmware = message<{ series: string }>('Earlier {series} firmware');
export const stillPublished = message('Still published, for an instrument that must stay on a validated version.');
export const releaseNotes = message('Release notes');
export const releaseNotesFile = message('Release notes as a text file');
