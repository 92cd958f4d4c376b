// npm run portal -- <command>: the portal's command line (apps/api/src/cli.ts), built first
// when its build is missing or out of date. `npm run portal -- import <folder>` publishes.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIsStale } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

if (buildIsStale('api') || !existsSync(`${root}apps/api/dist/cli.js`)) {
  console.log('Building apps/api…');
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', '@portal/api'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// npm runs scripts from the repository root (where DATA_DIR's default is); a folder is
// meant relative to where the command was typed.
const args = process.argv.slice(2);
if (args[0] === 'import' && args[1]) args[1] = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[1]);

const result = spawnSync(process.execPath, [`${root}apps/api/dist/cli.js`, ...args], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
