// npm run test:cluster: builds what is stale, then runs e2e/cluster/cluster.test.ts with
// Node's test runner: two portals behind nginx on Debian's PostgreSQL and redis-server
// (docs/deployment.md). Installs the postgresql, redis-server and nginx packages where missing
// (as root on Debian; scripts/system-packages.mjs).
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.mjs';
import { ensureSystemPackages } from './system-packages.mjs';

ensureSystemPackages(['postgresql', 'redis-server', 'nginx']);
const root = new URL('..', import.meta.url).pathname;
for (const workspace of ['web', 'api']) {
  if (!buildIsStale(workspace)) continue;
  console.log(`Building apps/${workspace}…`);
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', `@portal/${workspace}`], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-reporter=spec', ...process.argv.slice(2), 'e2e/cluster/cluster.test.ts'],
  { cwd: root, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
