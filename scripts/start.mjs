// npm start: build what is missing or out of date, then run the portal in this process
// (so that signals reach it directly and it can shut down gracefully).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.mjs';

const root = new URL('..', import.meta.url).pathname;
if (existsSync(`${root}.env`)) process.loadEnvFile(`${root}.env`);

for (const workspace of ['web', 'api']) {
  if (!buildIsStale(workspace)) continue;
  console.log(`Building apps/${workspace}…`);
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', `@portal/${workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(`${root}apps/api/dist/server.js`);
