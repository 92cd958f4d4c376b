// A private Atom feed (issue 26) against GET /v1/Cornerstone/versions for the same registration,
// in the same run (autocannon, 10 connections): the feed is served from the in-memory
// catalogue, so it must reach at least 50% of the versions route's requests per second, and
// a 304 (If-None-Match with the feed's ETag) at least 80%.
import { measure } from './lib/autocannon.mjs';
import { startPortal } from '../test-kit/portal-process.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const RUNS = 3;
const customer = { authorization: 'Hasp id=DEMO-CS-1001' };

const portal = await startPortal();
let failed = false;
try {
  const { feed } = await (await fetch(`${portal.url}/v1/feeds/current`, { headers: customer })).json();
  const first = await fetch(`${portal.url}${feed}`);
  if (first.status !== 200) throw new Error(`GET ${feed}: ${first.status}`);
  const etag = first.headers.get('etag');
  const feedRatios = [];
  const notModifiedRatios = [];
  for (let run = 1; run <= RUNS; run++) {
    const versions = await measure(`${portal.url}/v1/Cornerstone/versions`, {
      duration: DURATION_S,
      headers: customer,
    });
    const whole = await measure(`${portal.url}${feed}`, { duration: DURATION_S });
    const notModified = await measure(`${portal.url}${feed}`, {
      duration: DURATION_S,
      headers: { 'if-none-match': etag },
      expect: '3xx',
    });
    feedRatios.push(whole.requestsPerSecond / versions.requestsPerSecond);
    notModifiedRatios.push(notModified.requestsPerSecond / versions.requestsPerSecond);
    console.log(
      `run ${run}: GET versions ${versions.requestsPerSecond} req/s; feed ${whole.requestsPerSecond} req/s (${(feedRatios.at(-1) * 100).toFixed(0)}%), p99 ${whole.p99Ms} ms; 304 ${notModified.requestsPerSecond} req/s (${(notModifiedRatios.at(-1) * 100).toFixed(0)}%), p99 ${notModified.p99Ms} ms`,
    );
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  console.log(
    `median: feed ${(median(feedRatios) * 100).toFixed(0)}% of GET versions (target 50%), 304 ${(median(notModifiedRatios) * 100).toFixed(0)}% (target 80%)`,
  );
  if (median(feedRatios) < 0.5 || median(notModifiedRatios) < 0.8) failed = true;
} finally {
  await portal.close();
}
if (failed) {
  console.log('TARGET MISSED');
  process.exit(1);
}
