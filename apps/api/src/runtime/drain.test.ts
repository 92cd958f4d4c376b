import Fastify, { type FastifyInstance } from 'fastify';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { drainOnClose } from './drain';

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
  socketClosed: Promise<void>;
}

/** A GET over `agent`, with a promise for when the server ends the connection it used. */
function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent }, (response) => {
      const socket = response.socket;
      const socketClosed = new Promise<void>((done) => socket.once('close', () => done()));
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, connection: response.headers.connection, body, socketClosed }),
      );
    });
    request.on('error', reject);
  });
}

const never = (ms: number) => new Promise<'still open'>((resolve) => setTimeout(() => resolve('still open'), ms));

describe('drainOnClose: a closing portal finishes what it answers and keeps no connection', () => {
  let app: FastifyInstance | undefined;
  const agents: http.Agent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    await app?.close();
    app = undefined;
  });

  /** A portal-like server: a lookup that waits for `release`, and a download written in two halves. */
  async function start() {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let secondHalf!: () => void;
    const halfway = new Promise<void>((resolve) => (secondHalf = resolve));
    let firstHalfOut!: () => void;
    const firstHalfSent = new Promise<void>((resolve) => (firstHalfOut = resolve));
    app = Fastify({ return503OnClosing: false, keepAliveTimeout: 60_000 });
    const drain = drainOnClose(app);
    app.get('/quick', async () => ({ ok: true }));
    app.get('/slow', async () => {
      await released;
      return { ok: true };
    });
    app.get('/download', (_request, reply) => {
      reply.hijack();
      reply.raw.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': 8 });
      reply.raw.write('half', () => firstHalfOut());
      void halfway.then(() => reply.raw.end('done'));
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const agent = new http.Agent({ keepAlive: true });
    agents.push(agent);
    return { port, agent, release, secondHalf, firstHalfSent, drain };
  }

  it('answers a request in flight with Connection: close, refuses new connections and closes idle ones at once', async () => {
    const { port, agent, release, drain } = await start();
    const idle = await get(port, '/quick', agent);
    expect(idle.connection).toBe('keep-alive');
    const slow = get(port, '/slow', new http.Agent({ keepAlive: true }));
    await expect.poll(() => drain.inFlight()).toBe(1);

    const closed = app!.close();
    await idle.socketClosed; // the idle kept-alive connection, closed by the server
    await expect(get(port, '/quick', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(await Promise.race([closed.then(() => 'closed'), never(200)])).toBe('still open');

    release();
    const answer = await slow;
    expect(answer).toMatchObject({ status: 200, connection: 'close', body: '{"ok":true}' });
    await answer.socketClosed;
    await closed;
  });

  it('lets a download whose headers went out finish whole, then closes its kept-alive connection at once', async () => {
    const { port, agent, secondHalf, firstHalfSent } = await start();
    const download = get(port, '/download', agent);
    // The headers promised keep-alive before the close began: they and the first half are out.
    await firstHalfSent;
    const startedAt = Date.now();
    const closed = app!.close();
    expect(await Promise.race([closed.then(() => 'closed'), never(200)])).toBe('still open');
    secondHalf();
    const answer = await download;
    expect(answer).toMatchObject({ status: 200, body: 'halfdone' });
    await answer.socketClosed;
    await closed;
    // Not held until the 60 s keep-alive timeout.
    expect(Date.now() - startedAt).toBeLessThan(5_000);
  });
});
