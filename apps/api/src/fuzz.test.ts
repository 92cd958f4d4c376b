import { ERROR_CODES } from '@portal/contracts';
import { METHODS } from 'node:http';
import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { seededRandom, type SeededRandom } from '../../../test-kit/seeded-random';
import { DEMO, useDemoPortal } from '../test/demo-portal';

/*
 * Malformed requests over every route of the OpenAPI document. Replay a failure with the
 * seed its message prints: FUZZ_SEED=<seed> npx vitest run apps/api/src/fuzz.test.ts
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261123) >>> 0;
const INJECTED_REQUESTS = 10_000;
const SOCKET_REQUESTS = 300;
/** Well under the 60 s a test may take here, with the machine shared. */
const BUDGET_MS = 40_000;
/** Put into paths, queries and headers: no answer may carry it back. */
const MARK = 'Zq7Mark';
const INTERNALS = [/\n\s+at \S/, /\bat .+\.[cm]?[jt]s:\d+/, /\/work\//, /node_modules/, /apps\/api/];

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}

interface NumericParameter {
  name: string;
  in: string;
  schema: { type?: string; minimum?: number; maximum?: number };
}

interface Route {
  path: string;
  methods: string[];
}

const SEGMENTS = (random: SeededRandom) => [
  '',
  '%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%2F..%2F..%2Fetc%2Fpasswd',
  '..',
  '.',
  '__proto__',
  'constructor',
  'prototype',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(400),
  `${MARK}${'x'.repeat(random.int(300))}`,
  `${MARK}${'é'.repeat(random.int(120))}`,
  encodeURIComponent('😀🔥\u0000\u202e'),
  encodeURIComponent('ｆｕｌｌ＠ｗｉｄｔｈ'),
  '%F0%9F%98',
  'DEMO-CS-1001',
  'DEMO-KEY-2001',
  '2.10.0',
  'Cornerstone-2.10.0-Offline.zip',
  `${MARK}.zip`,
  'a b',
  'a;b=c',
  '%2e%2e',
  'x'.repeat(5000),
];

const QUERIES = (random: SeededRandom) => [
  '',
  '?',
  '?&&&',
  `?registrationId=${MARK}&registrationId=${MARK}2`,
  `?registrationId[]=${MARK}`,
  `?onlyWithDownloads=1e309`,
  `?onlyWithDownloads=NaN&onlyWithDownloads=-1`,
  `?expires=-1&signature=${MARK}`,
  `?expires=${'9'.repeat(40)}&signature=%ZZ`,
  `?__proto__[admin]=1&constructor[prototype][x]=${MARK}`,
  `?a=${'b'.repeat(random.int(9000))}`,
  `?${MARK}=%E0%A4%A`,
  `?redirect=//evil.example&bearer=${MARK}.x.y`,
  `?product=%00&variant=${encodeURIComponent('\u202e')}`,
  '?=&=&=',
];

const JWT_PART = (random: SeededRandom) =>
  Buffer.from(
    random.pick([
      '{"alg":"none"}',
      '{"alg":"HS256","typ":"JWT"}',
      `{"email":"${MARK}@example.com","exp":1e309}`,
      '{"exp":"soon"}',
      '[]',
      'not json',
    ]),
  ).toString('base64url');

function authorization(random: SeededRandom, credentials: string[]): string | undefined {
  const junk = () => random.pick([MARK, '', ' ', '=', '\t', `${MARK}${'A'.repeat(random.int(9000))}`, 'é', '%00']);
  // A real credential a third of the time, so junk parameters reach the handlers behind it.
  if (random.next() < 0.3) return random.pick(credentials);
  return random.pick([
    undefined,
    `Hasp id=${junk()}`,
    'Hasp id=',
    'Hasp',
    `hasp ID=${junk()}`,
    `Hasp  id=${junk()}`,
    `Hasp id=${MARK}, Hasp id=DEMO-CS-1001`,
    `Rainbow ${junk()}`,
    `Rainbow id=${junk()}`,
    'Rainbow',
    `Bearer ${junk()}`,
    'Bearer',
    `Bearer ${JWT_PART(random)}.${JWT_PART(random)}.${MARK}`,
    `Bearer ${JWT_PART(random)}.${JWT_PART(random)}.`,
    `Bearer ${'a.'.repeat(random.int(2000))}`,
    `Basic ${Buffer.from(`${MARK}:x`).toString('base64')}`,
    junk(),
  ]);
}

function body(random: SeededRandom): { payload?: string; contentType?: string } {
  const json = (payload: string) => ({
    payload,
    contentType: random.pick(['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON']),
  });
  return random.pick([
    () => ({}),
    () => json(''),
    () => json('{'),
    () => json(`{"email": "${MARK}@`),
    () => json('null'),
    () => json('[]'),
    () => json('"string"'),
    () => json('1e309'),
    () => json(`{"email": 1, "redirectPath": [], "verifierHash": {}}`),
    () => json(`{"email": "${MARK}@example.com", "redirectPath": "/", "verifierHash": "${'f'.repeat(64)}"}`),
    () => json(`{"email": "a+b@example.com", "redirectPath": "${'/'.repeat(3000)}"}`),
    () => json(`{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}, "email": "${MARK}"}`),
    () => json(`{"token": "${MARK}.x.y", "verifier": ${random.pick(['null', '1', '"x"', '{}'])}}`),
    () => json(`{"registrationId": "${MARK}", "authorizedAdminEmails": ["${'x'.repeat(300)}@example.com"]}`),
    () => json(`${'['.repeat(random.int(20_000))}${']'.repeat(random.int(20_000))}`),
    () => json(`{"a":${'{"a":'.repeat(random.int(5_000))}1${'}'.repeat(random.int(5_000))}}`),
    () => json(`"${'x'.repeat(1_100_000)}"`),
    () => json(`{"email": "${'\\ud800'.repeat(50)}"}`),
    () => ({ payload: `email=${MARK}`, contentType: 'application/x-www-form-urlencoded' }),
    () => ({ payload: MARK, contentType: 'text/plain' }),
    () => ({ payload: MARK, contentType: `multipart/form-data; boundary=${MARK}` }),
    () => ({ payload: '{}', contentType: `application/${MARK}` }),
    () => ({ payload: '{}', contentType: 'application/json; charset=utf-16' }),
  ])();
}

function fuzzRequest(random: SeededRandom, routes: Route[], credentials: string[]): FuzzRequest {
  const route = random.pick(routes);
  const method =
    random.next() < 0.6 ? random.pick(route.methods) : random.pick(METHODS.filter((name) => name !== 'CONNECT'));
  const segments = SEGMENTS(random);
  let url = route.path.replace(/\{[^}]+\}/g, () => random.pick(segments));
  if (random.next() < 0.1) url = url.replace(/\/[^/]*$/, `/${random.pick(segments)}`);
  if (random.next() < 0.05) url = url.toLowerCase();
  if (random.next() < 0.05) url += '/';
  url += random.pick(QUERIES(random));
  const headers: Record<string, string> = {};
  const auth = authorization(random, credentials);
  if (auth !== undefined) headers.authorization = auth;
  if (random.next() < 0.2)
    headers.range = random.pick([
      'bytes=0-',
      'bytes=-1',
      'bytes=9-1',
      `bytes=${MARK}`,
      'bytes=0-1,2-3,4-5',
      'items=0-1',
    ]);
  if (random.next() < 0.1) headers['if-none-match'] = random.pick(['*', `"${MARK}"`, 'W/""', '""'.repeat(500)]);
  if (random.next() < 0.1) headers.accept = random.pick(['*/*', 'text/html', `application/${MARK}`, '']);
  if (random.next() < 0.1) headers['x-forwarded-for'] = random.pick([MARK, '::1', '1.2.3.4, 5.6.7.8']);
  const { payload, contentType } =
    method === 'GET' || method === 'HEAD' ? (random.next() < 0.1 ? body(random) : {}) : body(random);
  if (contentType) headers['content-type'] = contentType;
  // Mostly addresses of their own, so the limits and the guessing brake let requests reach
  // the handlers; a few from one address, so the 429 answers are fuzzed too.
  const remoteAddress =
    random.next() < 0.1
      ? random.pick(['127.0.0.1', '::1'])
      : random.next() < 0.7
        ? `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`
        : `2001:db8:${random.int(65536).toString(16)}:${random.int(65536).toString(16)}::1`;
  return { method, url, headers, payload, remoteAddress };
}

function describeRequest(request: FuzzRequest) {
  const cut = (value: string) => (value.length > 200 ? `${value.slice(0, 200)}… (${value.length} chars)` : value);
  return JSON.stringify({
    method: request.method,
    url: cut(request.url),
    headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, cut(value)])),
    payload: request.payload === undefined ? undefined : cut(request.payload),
  });
}

/** What every answer must be: below 500; an error as `{ message }` (and its code); nothing internal, nothing of the request. */
function problemsWith(method: string, status: number, contentType: string | undefined, text: string): string[] {
  const problems: string[] = [];
  if (status >= 500) problems.push(`status ${status}`);
  if (status >= 400 && method !== 'HEAD') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problems.push('an error body that is not JSON');
    }
    if (parsed !== undefined) {
      const body = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
      // `{ message }`, with a `code` of ERROR_CODES where a customer page may show it (docs/api.md,
      // "Error codes"), or a refused draft's `{ message, problems }` (DraftRefused, docs/api.md):
      // JSON that is no catalogue.json is answered with what is wrong with it.
      const extra = Object.keys(body).filter(
        (key) => key !== 'message' && !(key === 'code' && (ERROR_CODES as readonly unknown[]).includes(body.code)),
      );
      const refusedDraft = extra.length === 1 && extra[0] === 'problems' && Array.isArray(body.problems);
      if (typeof body.message !== 'string' || (extra.length > 0 && !refusedDraft)) {
        problems.push('an error body other than { message } or { message, code }');
      }
    }
    if (!/^application\/json/.test(contentType ?? '')) problems.push(`an error with content-type ${contentType}`);
    if (text.includes(MARK)) problems.push('an error body quoting the request');
  }
  for (const pattern of INTERNALS) if (pattern.test(text)) problems.push(`a body matching ${pattern}`);
  return problems;
}

/** One request over a raw socket: what a client that is not a browser can send. */
function overSocket(
  port: number,
  request: FuzzRequest,
): Promise<{ status: number; contentType?: string; body: string }> {
  const head =
    `${request.method} ${request.url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
    Object.entries(request.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    (request.payload !== undefined ? `Content-Length: ${Buffer.byteLength(request.payload)}\r\n` : '') +
    '\r\n';
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    const finish = () => {
      const answer = Buffer.concat(chunks).toString('utf8');
      const split = answer.indexOf('\r\n\r\n');
      const headLines = answer.slice(0, split).split('\r\n');
      const contentType = headLines.find((line) => /^content-type:/i.test(line))?.replace(/^content-type:\s*/i, '');
      let text = answer.slice(split + 4);
      if (headLines.some((line) => /^transfer-encoding:\s*chunked/i.test(line))) text = dechunk(text);
      resolve({
        status: Number(headLines[0]?.split(' ')[1]),
        contentType,
        body: request.method === 'HEAD' ? '' : text,
      });
    };
    socket.on('end', finish);
    socket.on('error', (error: NodeJS.ErrnoException) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE' ? finish() : reject(error),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer within 10 s')));
    socket.write(head);
    if (request.payload !== undefined) socket.write(request.payload);
  });
}

function dechunk(text: string) {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!(size > 0)) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

describe(`fuzzing every route of the OpenAPI document (seed ${SEED})`, () => {
  // The demo catalogue and a signed-in staff member, so real credentials reach the handlers.
  const demo = useDemoPortal();
  let routes: Route[];
  let credentials: string[];

  beforeAll(async () => {
    credentials = [DEMO.CS, DEMO.DEMO, DEMO.KEY, 'Rainbow DEMO-KEY-2001', demo.staff];
    const document = (await demo.portal.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    routes = Object.entries(document.paths).map(([routePath, operations]) => ({
      path: routePath,
      methods: Object.keys(operations).map((method) => method.toUpperCase()),
    }));
    await demo.portal.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('refuses every numeric parameter of the document that is not finite, or out of its range, with 400', async () => {
    const document = (await demo.portal.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json<{
      paths: Record<string, Record<string, { parameters?: NumericParameter[] }>>;
    }>();
    const numeric = Object.entries(document.paths).flatMap(([routePath, operations]) =>
      Object.entries(operations).flatMap(([method, operation]) =>
        (operation.parameters ?? [])
          .filter((parameter) => ['number', 'integer'].includes(parameter.schema?.type ?? ''))
          .map((parameter) => ({ routePath, method: method.toUpperCase(), parameter })),
      ),
    );
    expect(numeric.map(({ parameter }) => parameter.name)).toEqual(expect.arrayContaining(['before', 'limit']));
    const refused = ['1e9999', '-1e9999', 'Infinity', '-Infinity', 'NaN', '9'.repeat(400), `-${'9'.repeat(400)}`];
    const failures: string[] = [];
    let attempts = 0;
    for (const { routePath, method, parameter } of numeric) {
      const outOfRange = [
        ...(parameter.schema.maximum !== undefined ? [String(parameter.schema.maximum + 1), '1e308'] : []),
        ...(parameter.schema.minimum !== undefined ? [String(parameter.schema.minimum - 1), '-1e308'] : []),
      ];
      for (const value of [...refused, ...outOfRange]) {
        const encoded = encodeURIComponent(value);
        let url = routePath.replace(/\{([^}]+)\}/g, (_, name: string) => (name === parameter.name ? encoded : 'x'));
        if (parameter.in === 'query') url += `?${parameter.name}=${encoded}`;
        const answers = await Promise.all(
          [undefined, ...credentials].map((credential) =>
            demo.portal.app.inject({
              method: method as 'GET',
              url,
              headers: credential ? { authorization: credential } : {},
              remoteAddress: `10.9.${failures.length}.${(attempts++ % 250) + 1}`,
            }),
          ),
        );
        const statuses = answers.map((answer) => answer.statusCode);
        const refusedWith400 = answers.some(
          (answer) => answer.statusCode === 400 && typeof answer.json<{ message?: unknown }>().message === 'string',
        );
        if (statuses.some((status) => status < 400 || status >= 500) || !refusedWith400)
          failures.push(`${method} ${url.slice(0, 120)} → ${statuses.join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it(`answers ${INJECTED_REQUESTS} malformed requests (inject) and ${SOCKET_REQUESTS} (socket) with no 5xx, no stack, nothing echoed`, async () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const random = seededRandom(SEED);
    const deadline = performance.now() + BUDGET_MS;
    const failures: string[] = [];
    const seenRoutes = new Set<string>();
    let sent = 0;

    for (let index = 0; index < INJECTED_REQUESTS && performance.now() < deadline && failures.length < 5; index++) {
      const request = fuzzRequest(random, routes, credentials);
      const response = await demo.portal.app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        payload: request.payload,
        remoteAddress: request.remoteAddress,
      });
      sent++;
      seenRoutes.add(request.url.split('?')[0]!.split('/').slice(0, 3).join('/'));
      const problems = problemsWith(
        request.method,
        response.statusCode,
        response.headers['content-type'] as string | undefined,
        response.body,
      );
      if (problems.length)
        failures.push(
          `#${index} ${describeRequest(request)} → ${response.statusCode}: ${problems.join(', ')}; ${response.body.slice(0, 300)}`,
        );
    }

    const port = (demo.portal.app.server.address() as net.AddressInfo).port;
    const socketRandom = seededRandom(SEED ^ 0x5eed);
    for (let index = 0; index < SOCKET_REQUESTS && performance.now() < deadline && failures.length < 5; index++) {
      const request = fuzzRequest(socketRandom, routes, credentials);
      // The wire adds what inject cannot send: methods Node's parser refuses, raw bytes.
      if (socketRandom.next() < 0.1) request.method = socketRandom.pick(['FOO', 'GET /x', 'get', 'G\u00e9T']);
      if (socketRandom.next() < 0.1)
        request.url = socketRandom.pick(['*', '//', 'http://evil.example/', `/${MARK}\u0000`, '/%', `/${MARK} x`]);
      const response = await overSocket(port, request);
      sent++;
      const problems = problemsWith(request.method, response.status, response.contentType, response.body);
      if (!(response.status >= 100)) problems.push('no HTTP answer');
      if (problems.length)
        failures.push(
          `socket #${index} ${describeRequest(request)} → ${response.status}: ${problems.join(', ')}; ${response.body.slice(0, 300)}`,
        );
    }

    expect(failures, `replay with FUZZ_SEED=${SEED}`).toEqual([]);
    expect(sent, `time budget of ${BUDGET_MS} ms ran out (seed ${SEED})`).toBe(INJECTED_REQUESTS + SOCKET_REQUESTS);
    expect(seenRoutes.size).toBeGreaterThan(3);

    const ready = await demo.portal.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  }, 60_000);
});
