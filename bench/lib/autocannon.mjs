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

/**
 * Keeps an autocannon load on a URL while `work` runs (after `warmUpMs` of load first), and
 * answers what `work` answered, how long it took, and the latencies of the requests answered
 * while it ran: their count, p99 and maximum, and the requests per second over that window.
 * Every answer must be of the `expect`ed class, during the work as before and after it.
 */
export async function loadDuring(
  url,
  work,
  { connections = 10, headers = {}, expect = '2xx', warmUpMs = 1_000, coolDownMs = 250 } = {},
) {
  const during = [];
  let window = null;
  let unexpected = 0;
  let result;
  const finished = new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections, duration: 600, headers }, (error, done) =>
      error ? reject(error) : resolve(done),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (`${String(statusCode)[0]}xx` !== expect) unexpected++;
      // A request answered inside the window, or one started inside it and answered just after.
      const now = performance.now();
      if (window && now >= window.start && now - responseTime <= (window.end ?? Infinity)) {
        during.push(responseTime);
      }
    });
    result = { stop: () => instance.stop() };
  });
  try {
    await new Promise((resolve) => setTimeout(resolve, warmUpMs));
    window = { start: performance.now(), end: undefined };
    const answer = await work();
    window.end = performance.now();
    await new Promise((resolve) => setTimeout(resolve, coolDownMs));
    const durationMs = window.end - window.start;
    result.stop();
    const overall = await finished;
    if (unexpected > 0 || overall.errors > 0) {
      throw new Error(`${url}: ${unexpected} answers other than ${expect}, ${overall.errors} errors`);
    }
    const sorted = [...during].sort((a, b) => a - b);
    const at = (share) => sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
    return {
      answer,
      durationMs: Math.round(durationMs),
      requests: sorted.length,
      requestsPerSecond: Math.round(sorted.length / (durationMs / 1000)),
      p99Ms: Math.round(at(0.99) * 10) / 10,
      maxMs: Math.round((sorted.at(-1) ?? NaN) * 10) / 10,
    };
  } catch (error) {
    result.stop();
    await finished.catch(() => undefined);
    throw error;
  }
}
