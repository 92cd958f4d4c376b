// GET /v1/Cornerstone/versions with a demo registration ID, against a bare Fastify
// hello-world route in its own process, in the same run (autocannon, 10 connections).
// Targets (issue 23, decision 160): the median of three runs at least 50% of the hello-world
// requests per second, p99 at most 5 ms in every run, and resident memory that does not
// grow across the runs. Each run prints both throughputs, the ratio, p99 and RSS; then the
// median of the three runs of each.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { measure } from './lib/autocannon.mjs';
import { freePort, REPO_ROOT, startPortal } from '../test-kit/portal-process.ts';
import { residentMiB } from './lib/machine.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = 3;
const P99_TARGET_MS = 5;
const RATIO_TARGET = 0.5;
const headers = { authorization: 'Hasp id=DEMO-CS-1001' };

const bare = await startBareFastify();
const portal = await startPortal();
let failed = false;
try {
  // Each run measures the reference right before the portal, so that whatever else the
  // machine is doing falls on both alike; the median ratio decides.
  const runs = [];
  const rssBefore = residentMiB(portal.pid);
  for (let run = 1; run <= RUNS; run++) {
    const reference = await measure(bare.url, { duration: DURATION_S });
    const ours = await measure(`${portal.url}/v1/Cornerstone/versions`, { duration: DURATION_S, headers });
    const result = {
      bare: reference.requestsPerSecond,
      versions: ours.requestsPerSecond,
      ratio: ours.requestsPerSecond / reference.requestsPerSecond,
      p99Ms: ours.p99Ms,
      rssMiB: residentMiB(portal.pid),
    };
    runs.push(result);
    console.log(
      `run ${run}: bare Fastify ${result.bare} req/s; GET versions ${result.versions} req/s; ratio ${percent(result.ratio)}; p99 ${result.p99Ms} ms; RSS ${result.rssMiB} MiB`,
    );
    if (ours.p99Ms > P99_TARGET_MS) failed = true;
  }
  const median = (key) => [...runs.map((run) => run[key])].sort((a, b) => a - b)[Math.floor(RUNS / 2)];
  console.log(
    `median of ${RUNS}: bare Fastify ${median('bare')} req/s; GET versions ${median('versions')} req/s; ratio ${percent(median('ratio'))} (target >= ${percent(RATIO_TARGET)}); p99 ${median('p99Ms')} ms (target <= ${P99_TARGET_MS} ms in every run)`,
  );
  if (median('ratio') < RATIO_TARGET) failed = true;
  const rss = runs.map((run) => run.rssMiB);
  const growth = rss.at(-1) - rss[0];
  console.log(
    `RSS: ${rssBefore} MiB before, ${rss.join(' -> ')} MiB after each run (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MiB from the first run to the last)`,
  );
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

function percent(ratio) {
  return `${(ratio * 100).toFixed(0)}%`;
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
    { cwd: path.join(REPO_ROOT, 'apps/api'), stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise((resolve, reject) => {
    child.stdout.once('data', resolve);
    child.once('exit', (code) => reject(new Error(`bare Fastify exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}
