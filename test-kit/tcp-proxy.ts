import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A TCP proxy in front of a portal whose connection a test cuts and restores (startTcpProxy). */
export interface TcpProxy {
  /** `http://127.0.0.1:<port>`: the portal as the browser reaches it through the proxy. */
  url: string;
  /** Cuts the connection: every open socket is destroyed and the port refuses new ones. */
  cut(): Promise<void>;
  /** Cuts the connection once `bytes` more have gone from the browser to the portal: a drop at a known point of an upload. */
  cutAfterBytes(bytes: number): Promise<void>;
  /** The bytes gone from the client to the portal so far, over every connection. */
  sentBytes(): number;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real network drop for browser tests and benches: unlike a route abort, the browser
 * meets a reset connection and a refused port, as on a Wi-Fi hand-over or a VPN reconnect.
 */
export async function startTcpProxy(target: string): Promise<TcpProxy> {
  const { hostname, port: targetPort } = new URL(target);
  const host = hostname.replace(/^\[|\]$/g, '');
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  let server: Server | undefined;
  let armed: { left: number; cut: () => void } | undefined;
  let sent = 0;
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      const listening = createServer((client) => {
        const upstream = createConnection({ host, port: Number(targetPort) });
        track(client);
        track(upstream);
        client.on('error', () => upstream.destroy());
        upstream.on('error', () => client.destroy());
        client.on('data', (chunk: Buffer) => {
          sent += chunk.length;
          if (!armed) return;
          armed.left -= chunk.length;
          if (armed.left <= 0) armed.cut();
        });
        client.pipe(upstream).pipe(client);
      });
      listening.once('error', reject);
      listening.listen(port, '127.0.0.1', () => {
        server = listening;
        resolve((listening.address() as { port: number }).port);
      });
    });
  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  const port = await listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    cut: stop,
    cutAfterBytes: (bytes) =>
      new Promise<void>((resolve) => {
        armed = {
          left: bytes,
          cut: () => {
            armed = undefined;
            void stop().then(resolve);
          },
        };
      }),
    sentBytes: () => sent,
    restore: async () => {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
