// Several portals (issue 15, docs/deployment.md): GET /v1/Cornerstone/versions through
// nginx in front of one portal and in front of two, in the same run, on the cluster of
// npm run test:cluster (Debian's PostgreSQL, redis-server and nginx; the production build).
// Prints requests per second of each and the ratio two / one. On a 2-core machine nginx,
// both portals, PostgreSQL, Redis and the load generator share two cores, so the ratio
// stays well under 2 (docs/deployment.md explains the figure).
// Runs the cluster harness (TypeScript) through tsx: bench/lib/cluster-measure.ts.
import { spawnSync } from 'node:child_process';
import { ensureSystemPackages } from '../scripts/system-packages.mjs';
import { REPO_ROOT } from '../test-kit/portal-process.ts';

ensureSystemPackages(['postgresql', 'redis-server', 'nginx']);
const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/cluster-measure.ts'], {
  cwd: REPO_ROOT,
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
