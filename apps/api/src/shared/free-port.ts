import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';

/** Below this, ports are the well-known and the many services' own: none is chosen there. */
const LOWEST_CHOSEN = 10_000;
/** The ephemeral range's start where the system does not say (IANA's, which macOS and Windows use). */
const IANA_EPHEMERAL_START = 49_152;
/** The system's range is read once: it is set at boot. */
let ephemeralStartRead: Promise<number> | undefined;

/**
 * A TCP port on loopback that nothing listens on right now, chosen below the system's ephemeral
 * range. A port from `listen(0)` is an ephemeral one, which the local end of any outgoing
 * connection (a database client's, an HTTP request's) may take before the caller binds it: seen
 * as EADDRINUSE in CI, and the embedded database restarts on the port it first had. Below that
 * range only another listener takes a port.
 */
export async function freePort(): Promise<number> {
  ephemeralStartRead ??= readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').then(
    (range) => Number(range.trim().split(/\s+/)[0]),
    () => IANA_EPHEMERAL_START,
  );
  const ephemeralStart = await ephemeralStartRead;
  if (Number.isInteger(ephemeralStart) && ephemeralStart > LOWEST_CHOSEN + 1000) {
    for (let tries = 0; tries < 20; tries++) {
      const port = randomInt(LOWEST_CHOSEN, ephemeralStart);
      if (await listens(port)) return port;
    }
  }
  return listens(0) as Promise<number>;
}

/** Listens on `port` of 127.0.0.1 and closes it: the port it had, or false when it was taken. */
function listens(port: number): Promise<number | false> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address() as { port: number };
      server.close(() => resolve(bound));
    });
  });
}
