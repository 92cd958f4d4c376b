// npm run bench: runs every bench/*.bench.mjs in turn (or those named on the command
// line). Each prints its figures and its ratio to a reference measured in the same run.
// The benches import the shared test kit (test-kit/, TypeScript), so each runs as
// `node --import tsx bench/<name>.bench.mjs` (decision 115); run one by hand the same way.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const dir = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((file) => file.endsWith('.bench.mjs'))
  .sort();

if (args.includes('--help') || args.includes('--list')) {
  console.log('npm run bench [-- <name>…]: runs the benchmarks whose file name contains a <name>, or all of them.');
  console.log(`Benchmarks: ${all.map((file) => file.replace(/\.bench\.mjs$/, '')).join(', ')}`);
  process.exit(0);
}

const benches = all.filter((file) => args.length === 0 || args.some((name) => file.includes(name)));
let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', `${dir}${file}`], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
