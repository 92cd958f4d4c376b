// Fails when an installed dependency has an install script that package.json's allowScripts
// neither allows nor denies: npm 12 skips such scripts, so each one is a decision to make
// (docs/decisions/098-reviewed-install-scripts.md).
import { execFileSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const answer = execFileSync('npm', ['approve-scripts', '--allow-scripts-pending', '--json'], {
  cwd: root,
  encoding: 'utf8',
});
const pending = JSON.parse(answer).allowScripts;
if (pending.length > 0) {
  const names = pending.flatMap((entry) => entry.changes?.map((change) => change.key) ?? [entry.name ?? String(entry)]);
  console.error(
    `Install scripts nobody reviewed: ${names.join(', ')}. Read each, then "npm approve-scripts <name>" or "npm deny-scripts <name>", and say why in the ADR.`,
  );
  process.exit(1);
}
console.log('Every install script is reviewed in allowScripts.');
