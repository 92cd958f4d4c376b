import { locateProgram } from '../scripts/system-packages.mjs';

/**
 * Debian's Chromium, found where scripts/system-packages.mjs says (CHROMIUM_PATH and
 * CHROMIUM_HEADLESS_SHELL_PATH choose others), never a downloaded browser; the flags keep it off the closed network.
 *
 * The end-to-end tests drive its headless shell (package chromium-headless-shell): the same
 * Chromium release without the desktop browser's window and compositor, at about half the
 * CPU a page costs in the whole browser (decision 283). What only the whole browser has (its
 * PDF viewer) is tested in it, and the benches measure in it, as a person meets the portal.
 */
export const chromiumPath = () => locateProgram('chromium');
export const headlessShellPath = () => locateProgram('chromium-headless-shell');

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** For a spec or test that needs the whole browser: `test.use(wholeChromium())`. */
export const wholeChromium = () => ({ launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_ARGS } });
