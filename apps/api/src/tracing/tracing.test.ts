import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import type { Versions } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useDemoPortal } from '../../test/demo-portal';
import { redactAttributes, routePattern, startTracing, type Tracing } from './tracing';

// Started before the demo portal's Fastify instance is created: @fastify/otel instruments
// every instance created after it is enabled, as server.ts does.
const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(async () => {
  tracing = await startTracing({ exporter, processor: 'simple' });
});
const demo = useDemoPortal();
afterAll(async () => {
  await tracing.shutdown();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** The spans of the one request traced while `work` ran: its request span and all below it. */
async function traced(work: () => Promise<{ statusCode: number }>, status: number) {
  exporter.reset();
  const response = await work();
  expect(response.statusCode).toBe(status);
  const spans = exporter.getFinishedSpans();
  const requests = spans.filter((span) => span.attributes['fastify.root'] === '@fastify/otel');
  expect(requests).toHaveLength(1);
  return { request: requests[0]!, spans };
}

/** Every attribute value and the span names, as one text to search for credentials. */
const everything = (spans: ReadableSpan[]) =>
  JSON.stringify(
    spans.map((span) => [span.name, span.attributes, span.events.map((event) => [event.name, event.attributes])]),
  );

describe('tracing with OpenTelemetry', () => {
  it('names each request span by its route pattern, with the database queries it waited for below it', async () => {
    const { request, spans } = await traced(() => demo.get('/v1/Cornerstone/versions', DEMO.CS), 200);

    expect(request.name).toBe('GET /v1/Cornerstone/versions');
    expect(request.attributes['http.route']).toBe('/v1/Cornerstone/versions');
    expect(request.attributes['http.response.status_code']).toBe(200);
    expect(parentOf(request)).toBeUndefined();

    const queries = spans.filter((span) => span.attributes['db.system.name'] === 'postgresql');
    expect(queries.length).toBeGreaterThan(0);
    const byId = new Map(spans.map((span) => [span.spanContext().spanId, span]));
    expect(queries.some((query) => query.name.startsWith('pg.query:'))).toBe(true);
    for (const query of queries) {
      expect(query.name).toMatch(/^pg(-pool)?\.(query|connect)/);
      expect(query.spanContext().traceId).toBe(request.spanContext().traceId);
      // Up the parents (the handler's span, then the request's) to the request.
      let ancestor: ReadableSpan | undefined = query;
      while (ancestor && ancestor !== request) ancestor = byId.get(parentOf(ancestor) ?? '');
      expect(ancestor).toBe(request);
    }
    // The statement with its placeholders, never the registration ID it was asked with.
    expect(queries.some((query) => String(query.attributes['db.query.text']).includes('$1'))).toBe(true);
    expect(everything(spans)).not.toContain('DEMO-CS-1001');
  });

  it('keeps IDs in the path out of every attribute: the pattern stands in for the path', async () => {
    const { request, spans } = await traced(
      () => demo.get('/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-NONE', undefined, { remoteAddress: demo.freshClient() }),
      401,
    );
    expect(request.name).toBe('GET /v1/Cornerstone/DSV/{registrationId}/{key}');
    expect(request.attributes['url.path']).toBe('/v1/Cornerstone/DSV/{registrationId}/{key}');
    expect(everything(spans)).not.toContain('DEMO-CS-1001');

    // A staff member's question about a registration: the ID in the path, the bearer in the header.
    const reset = await traced(() => demo.get('/v1/Cornerstone/PasswordReset/DEMO-CS-1001', demo.staff), 200);
    expect(reset.request.name).toBe('GET /v1/Cornerstone/PasswordReset/{registrationId}');
    expect(reset.spans.some((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    for (const secret of ['DEMO-CS-1001', demo.staff.replace('Bearer ', ''), 'lab.admin@customer.example']) {
      expect(everything(reset.spans)).not.toContain(secret);
    }
  });

  it('traces a staff request without its bearer token and a download without its link signature', async () => {
    const bearer = demo.staff.replace('Bearer ', '');
    const staff = await traced(() => demo.get('/v1/usage?days=7', demo.staff), 200);
    expect(staff.request.name).toBe('GET /v1/usage');
    expect(staff.spans.some((span) => span.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(everything(staff.spans)).not.toContain(bearer);
    expect(everything(staff.spans)).not.toContain('staff@example.com');
    expect(everything(staff.spans)).not.toContain('days=7');

    const versions = (await demo.get('/v1/Cornerstone/versions', DEMO.CS)).json<Versions>();
    const installer = Object.values(versions).find((version) => version.offlineInstaller)!.offlineInstaller!;
    const link = new URL(installer, 'http://portal.test');
    const signature = link.searchParams.get('signature')!;
    const grant = link.searchParams.get('grant')!;
    expect(signature.length).toBeGreaterThan(10);
    const download = await traced(() => demo.get(link.pathname + link.search), 200);
    expect(download.request.name).toBe('GET /v1/files/{fileId}/{fileName}');
    for (const secret of [signature, grant, 'signature=', link.pathname.split('/')[3]!]) {
      expect(everything(download.spans)).not.toContain(secret);
    }
  });

  it('keeps a sign-in request’s e-mail address out of the spans', async () => {
    const email = 'tracing-check@example.com';
    const { request, spans } = await traced(
      () =>
        demo.portal.app.inject({
          method: 'PUT',
          url: '/v1/auth/redirects/requests',
          remoteAddress: demo.freshClient(),
          payload: { email, redirectPath: '/service/cornerstone/releases' },
        }),
      200,
    );
    expect(request.name).toBe('PUT /v1/auth/redirects/requests');
    expect(everything(spans)).not.toContain(email);
  });
});

describe('route patterns as span names', () => {
  it('writes Fastify parameters the way OpenTelemetry names routes', () => {
    expect(routePattern('/v1/Cornerstone/versions/:name')).toBe('/v1/Cornerstone/versions/{name}');
    expect(routePattern('/v1/files/:fileId/:fileName')).toBe('/v1/files/{fileId}/{fileName}');
    expect(routePattern('/*')).toBe('/{*}');
  });
});

describe('the last gate before export', () => {
  it('drops raw URLs and query strings and masks what looks like a credential', () => {
    expect(
      redactAttributes({
        'url.full': 'https://portal.example/v1/files/7/a.exe?signature=abc',
        'url.query': 'registrationId=DEMO-CS-1001',
        'http.target': '/v1/Cornerstone/DSV/DEMO-CS-1001/CS-DSV-28',
        'url.path': '/v1/files/7/a.exe?grant=xyz',
        'http.route': '/v1/files/:fileId/:fileName',
        'exception.message': 'rejected Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln for staff@example.com',
        'db.query.text': 'SELECT 1 WHERE "authorization" = $1',
        'http.response.status_code': 200,
      }),
    ).toEqual({
      'http.route': '/v1/files/:fileId/:fileName',
      'exception.message': 'rejected Bearer {redacted} for {email}',
      'db.query.text': 'SELECT 1 WHERE "authorization" = $1',
      'http.response.status_code': 200,
    });
    expect(redactAttributes({ note: 'Hasp id=DEMO-CS-1001 and a token eyJa.eyJb.c' })).toEqual({
      note: 'Hasp {redacted} and a token {token}',
    });
  });
});
