// The measurements of bench/cluster.bench.mjs: one cluster (e2e/cluster/cluster.ts), two
// nginx front ends on the same configuration, one balancing over portal 1 alone and one
// over both portals; each run measures one right before the other, the median ratio decides.
import os from 'node:os';
import { Cluster } from '../../e2e/cluster/cluster';
import { busySeconds, cpuSecondsOf, machineCpu } from './machine';
// @ts-expect-error: a plain ES module of the benchmarks, without type declarations
import { measure } from './autocannon.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = 20;
const RUNS = 3;
const headers = { authorization: 'Hasp id=DEMO-CS-1001' };

type Measured = { requestsPerSecond: number; p99Ms: number };

/** CPU seconds a portal has used so far; 0 for one without a process. */
const portalCpuSeconds = (pid: number | undefined) => (pid ? cpuSecondsOf(pid) : 0);

/** Busy and total CPU seconds of the whole machine so far. */
function machineSeconds(): { busy: number; total: number } {
  const cpu = machineCpu();
  return { busy: busySeconds(cpu), total: busySeconds(cpu) + cpu.idle + cpu.iowait };
}

/** Requests per second of one autocannon run, and where the machine's CPU went meanwhile. */
async function measureWithCpu(url: string, portals: Cluster['portals']) {
  const portalsBefore = portals.map((portal) => portalCpuSeconds(portal.child?.pid));
  const machineBefore = machineSeconds();
  const measured = (await measure(url, { duration: DURATION_S, connections: CONNECTIONS, headers })) as Measured;
  const machineAfter = machineSeconds();
  const portalSeconds = portals.map((portal, index) => portalCpuSeconds(portal.child?.pid) - portalsBefore[index]!);
  const cores = os.cpus().length;
  return {
    ...measured,
    machineBusy: (machineAfter.busy - machineBefore.busy) / DURATION_S / cores,
    portalCores: portalSeconds.map((seconds) => seconds / DURATION_S),
  };
}
const describe = (label: string, m: Awaited<ReturnType<typeof measureWithCpu>>) =>
  `${label} ${m.requestsPerSecond} req/s (p99 ${m.p99Ms} ms; machine ${Math.round(m.machineBusy * 100)}% busy, portals ${m.portalCores.map((c) => c.toFixed(2)).join(' + ')} cores)`;

const cluster = await Cluster.start({ portals: 2 });
try {
  const onePortal = await cluster.startBalancer([cluster.portals[0]!]);
  const twoPortals = cluster.url;
  const ratios: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const one = await measureWithCpu(`${onePortal}/v1/Cornerstone/versions`, [cluster.portals[0]!]);
    const two = await measureWithCpu(`${twoPortals}/v1/Cornerstone/versions`, cluster.portals);
    const ratio = two.requestsPerSecond / one.requestsPerSecond;
    ratios.push(ratio);
    console.log(`run ${run}: ${describe('nginx + 1 portal', one)}`);
    console.log(`       ${describe('nginx + 2 portals', two)}; ratio ${ratio.toFixed(2)}x`);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!;
  console.log(`median ratio two portals / one portal: ${median.toFixed(2)}x on ${os.cpus().length} cores`);
} finally {
  await cluster.stop();
}
