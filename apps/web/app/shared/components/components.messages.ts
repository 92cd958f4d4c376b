import { message, richMessage, type Tag } from '../i18n/message';

// Words of the shared components: copy buttons, links, the check of a download, whom to contact, advisory marks.

export const copy = message('Copy');
/** The Copy button, once the text is on the clipboard. */
export const copied = message('Copied');
/** Said to screen readers after a link that opens a new tab. */
export const opensInNewTab = message('(opens in a new tab)');
/** Said to screen readers after a link to a PDF. */
export const pdfOpensInNewTab = message('(PDF, opens in a new tab)');
/** Opens the steps to check a download's SHA-256; `hidden` names the file to screen readers. */
export const howToCheck = richMessage<{ name: string; hidden: Tag }>('How to check this file<hidden>: {name}</hidden>');
export const afterDownloading = message<{ fileName: string }>(
  'After downloading, open a command window in the folder that holds {fileName} and run one of these. The value it prints must be exactly the expected SHA-256 (upper or lower case does not matter); if it is not, the file is damaged or not ours: do not install it.',
);
/** Windows' PowerShell (a product name). */
export const powerShell = message('PowerShell');
/** The name of Windows' command window, as a localized Windows calls it. */
export const commandPrompt = message('Command Prompt');
/** The name of macOS's Terminal app, as a localized macOS calls it. */
export const terminal = message('Terminal');
/** Any terminal program on Linux. */
export const aTerminal = message('a terminal');
export const expectedSha256 = message('Expected SHA-256');
export const copyExpectedSha256Of = message<{ name: string }>('Copy expected SHA-256 of {name}');
/**
 * Whom to contact: `maker` is the maker's name; `capital` is yes at the start of a sentence;
 * `link` is the support page's link, `mail` the e-mail address's.
 */
export const contactMaker = message<{ capital: string; maker: string }>(
  '{capital, select, yes {Contact} other {contact}} {maker}.',
);
export const contactOnSupportPage = richMessage<{ capital: string; maker: string; link: Tag }>(
  '{capital, select, yes {Contact} other {contact}} {maker} on the <link>support page</link>.',
);
export const contactByEmail = richMessage<{ capital: string; maker: string; email: string; mail: Tag }>(
  '{capital, select, yes {Contact} other {contact}} {maker} by e-mail at <mail>{email}</mail>.',
);
export const contactOnSupportPageOrByEmail = richMessage<{
  capital: string;
  maker: string;
  email: string;
  link: Tag;
  mail: Tag;
}>(
  '{capital, select, yes {Contact} other {contact}} {maker} on the <link>support page</link> or by e-mail at <mail>{email}</mail>.',
);
/**
 * A version named by a security advisory: `advisory` its ID; `staff` marks its title, as staff
 * wrote it (English); `severity` a CVSS rating in words, or none.
 */
export const affectedBy = richMessage<{ advisory: string; title: string; severity: string; staff: Tag }>(
  'Affected by {advisory}: <staff>{title}</staff>{severity, select, none {.} other { ({severity}).}}',
);
export const fixedIn = message<{ version: string }>('Fixed in {version}.');
export const noFixYet = message('No fix is published yet.');
