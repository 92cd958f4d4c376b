// GET /v1/Cornerstone/versions with a demo registration ID, against a bare Fastify
// hello-world route in its own process, in the same run (autocannon, 10 connections).
// Targets (issue 4): at least 50% of the hello-world requests per second, p99 under 20 ms,
// and resident memory that does not grow across three runs.
import { spawn } from 'node:child_process';
import { measure } from './lib/autocannon.mjs';
import { freePort, REPO_ROOT, residentMiB, startPortal } from '../test-kit/portal-process.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = 3;
const headers = { authorization: 'Hasp id=DEMO-CS-1001' };

const bare = await startBareFastify();
const portal = await startPortal();
let failed = false;
try {
  // Each run measures the reference right before the portal, so that whatever else the
  // machine is doing falls on both alike; the median ratio decides.
  const rss = [];
  const ratios = [];
  for (let run = 1; run <= RUNS; run++) {
    const reference = await measure(bare.url, { duration: DURATION_S });
    const ours = await measure(`${portal.url}/v1/Cornerstone/versions`, { duration: DURATION_S, headers });
    rss.push(residentMiB(portal.pid));
    const ratio = ours.requestsPerSecond / reference.requestsPerSecond;
    ratios.push(ratio);
    console.log(
      `run ${run}: bare Fastify ${reference.requestsPerSecond} req/s; GET versions ${ours.requestsPerSecond} req/s (${(ratio * 100).toFixed(0)}%), p99 ${ours.p99Ms} ms, RSS after ${rss.at(-1)} MiB`,
    );
    if (ours.p99Ms >= 20) failed = true;
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  console.log(`median ratio GET versions / bare Fastify: ${(median * 100).toFixed(0)}%`);
  if (median < 0.5) failed = true;
  const growth = rss.at(-1) - rss[0];
  console.log(`RSS across runs: ${rss.join(' -> ')} MiB (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB)`);
  // A few MiB of settling (JIT, pools) is not a leak; steady growth run over run is.
  if (rss[2] > rss[1] + 5 && rss[1] > rss[0] + 5) failed = true;
} finally {
  await portal.close();
  bare.stop();
}
if (failed) {
  console.log('TARGET MISSED');
  process.exit(1);
}

async function startBareFastify() {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `import Fastify from 'fastify';
       const app = Fastify({ logger: false });
       app.get('/', async () => ({ hello: 'world' }));
       await app.listen({ port: ${port}, host: '127.0.0.1' });
       console.log('ready');`,
    ],
    { cwd: `${REPO_ROOT}apps/api`, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}
