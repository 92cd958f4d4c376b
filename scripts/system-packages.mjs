// The one place that knows which of Debian's packages a command needs, where their programs
// are, and how they get onto the machine. As root on Debian a missing package is installed
// with apt-get (one `apt-get update` at most); anywhere else the command stops at once with
// one line naming what is missing and the command that installs it.
//
//   node scripts/system-packages.mjs <package>…   ensure them (what npm scripts call)
//
// Tests and benches import it: `locateProgram()` finds a program or throws that same line.
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What each package is for here, and how to find its program once installed. */
const PACKAGES = {
  chromium: {
    purpose: 'the tests of its PDF viewer and the benches drive the whole browser',
    locate: (dirs, env) => (env.CHROMIUM_PATH ? executable(env.CHROMIUM_PATH) : inDirs('chromium', dirs)),
  },
  'chromium-headless-shell': {
    purpose: 'the end-to-end tests drive it',
    // The binary itself before the PATH's: Debian's /usr/bin/chromium-headless-shell is a script
    // that keeps it as a child, which Playwright's close would leave running.
    locate: (dirs, env) =>
      env.CHROMIUM_HEADLESS_SHELL_PATH
        ? executable(env.CHROMIUM_HEADLESS_SHELL_PATH)
        : (executable('/usr/lib/chromium/chromium-headless-shell') ?? inDirs('chromium-headless-shell', dirs)),
  },
  'fonts-noto-cjk': {
    purpose: 'the Japanese and Chinese pages are checked drawn in the CJK fonts a Linux system ships',
    locate: () => ['/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'].find((file) => existsSync(file)),
  },
  'redis-server': {
    purpose: 'the tests of the limits shared through Redis start one',
    locate: (dirs) => inDirs('redis-server', dirs),
  },
  nginx: {
    purpose: 'the accel delivery tests and the cluster test put it in front of the portal',
    locate: (dirs) => inDirs('nginx', dirs),
  },
  gnupg: {
    purpose: "the CSAF distribution test verifies each document's OpenPGP signature with gpg",
    locate: (dirs) => inDirs('gpg', dirs),
  },
  postgresql: {
    purpose: "the cluster test runs on Debian's PostgreSQL server",
    // Debian keeps the server's programs out of PATH, one folder per major version: the newest.
    locate: () => {
      const root = '/usr/lib/postgresql';
      const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)) : [];
      const bin = versions
        .sort((a, b) => Number(a) - Number(b))
        .map((v) => `${root}/${v}/bin`)
        .findLast((dir) => executable(`${dir}/initdb`) && executable(`${dir}/postgres`));
      return bin;
    },
  },
};

/** PATH, and the folders Debian puts daemons in, which a user's PATH often lacks. */
function searchDirs(env = process.env) {
  const dirs = (env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const sbin of ['/usr/sbin', '/sbin']) if (!dirs.includes(sbin)) dirs.push(sbin);
  return dirs;
}

function executable(file) {
  try {
    accessSync(file, constants.X_OK);
    return file;
  } catch {
    return undefined;
  }
}

function inDirs(program, dirs) {
  for (const dir of dirs) {
    const found = executable(path.join(dir, program));
    if (found) return found;
  }
  return undefined;
}

function known(name) {
  const entry = PACKAGES[name];
  if (!entry) throw new Error(`unknown system package "${name}"; known: ${Object.keys(PACKAGES).join(', ')}`);
  return entry;
}

/** What the browser tests need: the browsers, and the fonts their pages are drawn in. */
export const BROWSER_PACKAGES = ['chromium-headless-shell', 'chromium', 'fonts-noto-cjk'];

/** The line a person reads when packages are missing and this process may not install them. */
export function missingMessage(names) {
  return `Missing Debian package${names.length > 1 ? 's' : ''} ${names.join(', ')}: install with "sudo apt-get install -y ${names.join(' ')}" (as root, without sudo), then run the command again.`;
}

/** The program of a package (for postgresql, the folder of its server programs), or a clear error. */
export function locateProgram(name, env = process.env) {
  const found = known(name).locate(searchDirs(env), env);
  if (!found) throw new Error(missingMessage([name]));
  return found;
}

/** The packages of `names` whose programs are not on this machine. */
export function missingPackages(names, env = process.env) {
  const dirs = searchDirs(env);
  return names.filter((name) => !known(name).locate(dirs, env));
}

function mayInstall(names) {
  if (process.getuid?.() !== 0) return false;
  if (!existsSync('/etc/debian_version') || !inDirs('apt-get', searchDirs())) return false;
  // A CHROMIUM_PATH (or CHROMIUM_HEADLESS_SHELL_PATH) names a browser of the user's own
  // choosing: never install over it.
  if (names.includes('chromium') && process.env.CHROMIUM_PATH) return false;
  return !(names.includes('chromium-headless-shell') && process.env.CHROMIUM_HEADLESS_SHELL_PATH);
}

/**
 * Makes sure the packages are there: nothing to do, an apt-get install as root on Debian,
 * or one line and exit code 1 before anything else runs.
 */
export function ensureSystemPackages(names) {
  const missing = missingPackages(names);
  if (missing.length === 0) return;
  if (!mayInstall(missing)) {
    console.error(missingMessage(missing));
    process.exit(1);
  }
  const why = missing.map((name) => `${name} (${known(name).purpose})`).join('; ');
  console.log(`Installing Debian's ${why}…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // Without a reachable mirror apt-get fails fast instead of retrying for minutes.
  const network = ['-o', 'Acquire::Retries=0', '-o', 'Acquire::http::Timeout=20'];
  for (const args of [
    ['update', '-qq', ...network],
    ['install', '-y', '-qq', ...network, ...missing],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: ['ignore', 'ignore', 'inherit'], env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed (no network to the package mirror?). ${missingMessage(missing)}`);
      process.exit(1);
    }
  }
  const still = missingPackages(missing);
  if (still.length > 0) {
    console.error(`apt-get installed ${missing.join(', ')}, but ${still.join(', ')} still cannot be found.`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  try {
    names.forEach(known);
  } catch (error) {
    console.error(error.message);
    process.exit(2);
  }
  ensureSystemPackages(names);
}
