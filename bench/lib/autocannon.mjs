import autocannon from 'autocannon';

/**
 * Requests per second and latency of one autocannon run against a URL; every answer must be
 * of the `expect`ed class ('2xx', or '3xx' for a 304 bench).
 */
export async function measure(url, { connections = 10, duration = 10, headers = {}, expect = '2xx' } = {}) {
  const result = await autocannon({ url, connections, duration, headers });
  const others = ['1xx', '2xx', '3xx', '4xx', '5xx'].filter((kind) => kind !== expect);
  const unexpected = others.reduce((sum, kind) => sum + (result[kind] ?? 0), 0);
  if (unexpected > 0 || result.errors > 0) {
    throw new Error(`${url}: ${unexpected} answers other than ${expect}, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    throughputMiBs: Math.round((result.throughput.average / 1048576) * 10) / 10,
  };
}
