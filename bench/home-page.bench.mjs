// GET / from the portal against a bare node:http server that answers the same bytes
// (same body, same Content-Encoding), in the same run.
import { createServer } from 'node:http';
import { measure } from './lib/autocannon.mjs';
import { freePort, startPortal } from '../test-kit/portal-process.ts';
import { residentMiB } from './lib/machine.ts';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const headers = { 'accept-encoding': 'br, gzip' };

const portal = await startPortal();
try {
  const sample = await fetch(`${portal.url}/`, { headers });
  const body = Buffer.from(await sample.arrayBuffer());
  const replyHeaders = Object.fromEntries(sample.headers);
  // fetch has decoded the body; ask for the raw compressed bytes the portal sends.
  const raw = await rawBytes(`${portal.url}/`, headers);

  const port = await freePort();
  const reference = createServer((_request, response) => {
    response.writeHead(200, {
      'content-type': replyHeaders['content-type'],
      'content-encoding': raw.encoding ?? 'identity',
      'content-length': raw.body.length,
    });
    response.end(raw.body);
  });
  await new Promise((resolve) => reference.listen(port, '127.0.0.1', resolve));

  const bare = await measure(`http://127.0.0.1:${port}/`, { duration: DURATION_S, headers });
  const ours = await measure(`${portal.url}/`, { duration: DURATION_S, headers });
  reference.close();

  console.log(`page: ${body.length} bytes (${raw.body.length} bytes ${raw.encoding ?? 'uncompressed'} on the wire)`);
  console.log(`bare node:http  ${bare.requestsPerSecond} req/s, p99 ${bare.p99Ms} ms`);
  console.log(
    `portal GET /    ${ours.requestsPerSecond} req/s, p99 ${ours.p99Ms} ms, RSS ${residentMiB(portal.pid)} MiB`,
  );
  console.log(`ratio portal/bare: ${(ours.requestsPerSecond / bare.requestsPerSecond).toFixed(2)}`);
} finally {
  await portal.close();
}

async function rawBytes(url, requestHeaders) {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers: requestHeaders }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ body: Buffer.concat(chunks), encoding: response.headers['content-encoding'] }),
      );
    })
      .on('error', reject)
      .end();
  });
}
