import { FILE_NAME_MAX_URL_CHARS } from '@portal/contracts';
import net from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Stands for a download link's signature or a registration ID in a URL: it must never come back. */
const SECRET = 'Sig0fA1inkReg1strat10n';

/** One HTTP exchange over a raw socket: what a client that speaks bytes, not `fetch`, sees. */
function rawExchange(port: number, request: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' ? resolve(answer) : reject(error),
    );
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer; got so far: ${answer}`)));
    socket.end(request);
  });
}

function parseRaw(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((line) => [
      line.slice(0, line.indexOf(':')).toLowerCase(),
      line.slice(line.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), statusLine, headers, body };
}

describe('errors the framework and the HTTP parser raise', () => {
  let portal: TestApp;
  let port: number;
  const logLines: string[] = [];

  beforeAll(async () => {
    portal = await createTestApp({
      options: {
        logger: {
          level: 'info',
          stream: new Writable({
            write(chunk: Buffer, _encoding, done) {
              logLines.push(chunk.toString());
              done();
            },
          }),
        },
      },
    });
    await portal.app.listen({ port: 0, host: '127.0.0.1' });
    port = (portal.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => portal.close());

  describe('through the app (inject)', () => {
    it.each([
      [
        'a malformed path holding a registration ID',
        { method: 'GET', url: `/v1/Cornerstone/DSV/${SECRET}/%E0%A4%A` },
        400,
      ],
      ['a malformed sign-in link path', { method: 'GET', url: `/auth/%ZZ${SECRET}` }, 400],
      [
        'invalid JSON quoting the secret',
        {
          method: 'PUT',
          url: '/v1/auth/redirects/requests',
          headers: { 'content-type': 'application/json' },
          payload: `{"email": "${SECRET}@company.example", `,
        },
        400,
      ],
      [
        'an empty JSON body',
        { method: 'PUT', url: '/v1/auth/redirects/requests', headers: { 'content-type': 'application/json' } },
        400,
      ],
      [
        'an unsupported media type naming the secret',
        {
          method: 'PUT',
          url: '/v1/auth/redirects/requests',
          headers: { 'content-type': `application/x-${SECRET}` },
          payload: SECRET,
        },
        415,
      ],
      [
        'a body over the limit',
        {
          method: 'PUT',
          url: '/v1/auth/redirects/requests',
          headers: { 'content-type': 'application/json' },
          payload: `{"email":"${SECRET.repeat(60_000)}"}`,
        },
        413,
      ],
      [
        'a path parameter over the router limit',
        { method: 'GET', url: `/v1/Cornerstone/DSV/${SECRET}${'x'.repeat(FILE_NAME_MAX_URL_CHARS)}/key` },
        414,
      ],
    ] as const)('%s: the documented { message } and nothing of the request', async (_name, request, status) => {
      const response = await portal.app.inject(request);
      expect(response.statusCode).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = response.json<Record<string, unknown>>();
      expect(Object.keys(body)).toEqual(['message']);
      expect(body.message).toEqual(expect.any(String));
      expect(response.body).not.toContain(SECRET);
      expect(response.body).not.toMatch(/%E0|%ZZ|x-sig/i);
    });
  });

  describe('over a socket', () => {
    it('answers a request line that is not HTTP with 400 JSON and closes', async () => {
      const answer = parseRaw(await rawExchange(port, `GET /${SECRET} NOT-HTTP\r\n\r\n`));
      expect(answer.status).toBe(400);
      expect(answer.headers['content-type']).toMatch(/^application\/json/);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      expect(answer.body).not.toContain(SECRET);
      expect(Number(answer.headers['content-length'])).toBe(Buffer.byteLength(answer.body));
    });

    it('answers headers over the limit with 431 JSON and closes', async () => {
      const answer = parseRaw(
        await rawExchange(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${SECRET.repeat(2_000)}\r\n\r\n`),
      );
      expect(answer.status).toBe(431);
      expect(answer.headers.connection).toBe('close');
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      expect(answer.body).not.toContain(SECRET);
    });

    it('answers a malformed URL with 400 JSON that does not echo it', async () => {
      const answer = parseRaw(
        await rawExchange(
          port,
          `GET /v1/Cornerstone/DSV/${SECRET}/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
        ),
      );
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({ message: expect.any(String) });
      expect(answer.body).not.toContain(SECRET);
    });

    it('a client that resets its connection mid-request leaves no 500 and no error log behind', async () => {
      logLines.length = 0;
      for (const url of ['/v1/auth/redirects/requests', '/v1/auth/sessions']) {
        await new Promise<void>((resolve) => {
          const socket = net.connect(port, '127.0.0.1', () => {
            socket.write(
              `PUT ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`,
            );
            setTimeout(() => socket.resetAndDestroy(), 50);
          });
          socket.on('close', () => resolve());
          socket.on('error', () => {});
        });
      }
      // Whole requests whose client is gone before the answer: the guessing brake reads the
      // client's address after the lookup, when the socket may already be closed.
      await Promise.all(
        Array.from(
          { length: 20 },
          () =>
            new Promise<void>((resolve) => {
              const socket = net.connect(port, '127.0.0.1', () => {
                socket.write(
                  `GET /v1/Cornerstone/versions HTTP/1.1\r\nHost: x\r\nAuthorization: Hasp id=${SECRET}\r\n\r\n`,
                );
                setImmediate(() => socket.resetAndDestroy());
              });
              socket.on('close', () => resolve());
              socket.on('error', () => {});
            }),
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      const health = parseRaw(await rawExchange(port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
      expect(health.status).toBe(200);
      const problems = logLines
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level >= 50);
      expect(problems).toEqual([]);
      expect(logLines.join('')).not.toMatch(/"statusCode":5\d\d|\n\s+at /);
    });
  });
});
