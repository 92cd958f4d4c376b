import autocannon from 'autocannon';

/** Requests per second and latency of one autocannon run against a URL. */
export async function measure(url, { connections = 10, duration = 10, headers = {} } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    throughputMiBs: Math.round((result.throughput.average / 1048576) * 10) / 10,
  };
}
