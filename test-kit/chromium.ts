/**
 * Debian's Chromium, never a downloaded browser; the flags keep it off the closed network.
 *
 * The end-to-end tests drive its headless shell (package chromium-headless-shell): the same
 * Chromium release without the desktop browser's window and compositor, at about half the
 * CPU a page costs in the whole browser (decision 283). What only the whole browser has (its
 * PDF viewer) is tested in it, and the benches measure in it, as a person meets the portal.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** The binary itself: /usr/bin/chromium-headless-shell is a script that keeps it as a child. */
export const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/lib/chromium/chromium-headless-shell';

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

/** For a spec or test that needs the whole browser: `test.use(WHOLE_CHROMIUM)`. */
export const WHOLE_CHROMIUM = { launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS } };
