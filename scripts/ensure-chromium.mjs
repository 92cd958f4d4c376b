// Playwright drives Debian's Chromium, never a downloaded browser. Where it is missing and
// we may install it (root on Debian), install it; otherwise say in one line what to do.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(chromium)) return;
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/etc/debian_version');
  if (!canInstall) {
    console.error(
      `Chromium not found at ${chromium}: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
    process.exit(1);
  }
  console.log("Installing Debian's chromium package for the browser tests…");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', 'chromium'],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed; install Debian's chromium package by hand.`);
      process.exit(1);
    }
  }
}
