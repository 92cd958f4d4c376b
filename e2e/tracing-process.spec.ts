import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { removeDataDir, startPortal } from '../test-kit/portal-process';

// The production build with OTEL_EXPORTER_OTLP_ENDPOINT set, sending to an OTLP/HTTP endpoint
// that records what it is sent, as an OpenTelemetry collector would receive it.

interface OtlpSpan {
  name: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: OtlpSpan['attributes'] };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

async function collector() {
  const received: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}

test('with OTEL_EXPORTER_OTLP_ENDPOINT the portal sends its request and database spans, and nothing of the credentials', async () => {
  const otlp = await collector();
  const portal = await startPortal({
    env: {
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url,
      OTEL_SERVICE_NAME: 'portal-under-test',
      OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token',
    },
  });
  try {
    expect(portal.output()).toContain(`Tracing to ${otlp.url} (OpenTelemetry)`);
    const lookup = await fetch(`${portal.url}/v1/Cornerstone/versions`, {
      headers: { authorization: 'Hasp id=DEMO-CS-1001' },
    });
    expect(lookup.status).toBe(200);
    // Batched spans leave at the latest when the portal stops.
    expect(await portal.stop('SIGTERM')).toBe(0);

    const exports = otlp.received.filter((entry) => entry.path === '/v1/traces');
    expect(exports.length).toBeGreaterThan(0);
    expect(exports.every((entry) => entry.headers.authorization === 'Bearer collector-token')).toBe(true);
    const batches = exports.map((entry) => JSON.parse(entry.body) as OtlpExport);
    const resource = batches[0]!.resourceSpans[0]!.resource.attributes;
    expect(resource.find((attribute) => attribute.key === 'service.name')?.value).toEqual({
      stringValue: 'portal-under-test',
    });
    const spans = batches.flatMap((batch) =>
      batch.resourceSpans.flatMap((resourceSpans) => resourceSpans.scopeSpans.flatMap((scope) => scope.spans)),
    );
    const request = spans.find((span) => span.name === 'GET /v1/Cornerstone/versions');
    expect(request).toBeDefined();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const underRequest = (span: OtlpSpan) => {
      for (let at: OtlpSpan | undefined = span; at; at = byId.get(at.parentSpanId ?? '')) {
        if (at === request) return true;
      }
      return false;
    };
    expect(spans.filter((span) => span.name.startsWith('pg.query:') && underRequest(span)).length).toBeGreaterThan(0);
    expect(exports.map((entry) => entry.body).join('')).not.toContain('DEMO-CS-1001');
  } finally {
    await portal.stop();
    otlp.server.close();
    await removeDataDir(portal.dataDir);
  }
});

test('without OTEL_EXPORTER_OTLP_ENDPOINT no OpenTelemetry package is loaded', async () => {
  // A module-resolution hook that names every OpenTelemetry package the process imports.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-otel-hook-'));
  const hooks = `export async function resolve(specifier, context, next) {
    if (/^@opentelemetry\\/|^@fastify\\/otel/.test(specifier)) console.log('IMPORTED ' + specifier);
    return next(specifier, context);
  }`;
  await writeFile(path.join(dir, 'hooks.mjs'), hooks);
  await writeFile(
    path.join(dir, 'register.mjs'),
    `import { register } from 'node:module';\nregister(${JSON.stringify(path.join(dir, 'hooks.mjs'))}, import.meta.url);\n`,
  );
  const otlp = await collector();
  const runs = [];
  // The second run restarts on the first one's data folder: creating a cluster and importing
  // the demo catalogue again would add seconds and test nothing here.
  let dataDir: string | undefined;
  try {
    for (const env of [{}, { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url }] as Array<Record<string, string>>) {
      const portal = await startPortal({
        dataDir,
        env: { ...env, NODE_OPTIONS: `--import ${path.join(dir, 'register.mjs')}` },
      });
      dataDir = portal.dataDir;
      await portal.stop();
      runs.push(portal.output());
    }
  } finally {
    otlp.server.close();
    if (dataDir) await removeDataDir(dataDir);
    await rm(dir, { recursive: true, force: true });
  }
  const [unset, set] = runs;
  expect(unset).not.toContain('IMPORTED');
  // The hook sees them when tracing is on: the check above can fail.
  expect(set).toContain('IMPORTED @opentelemetry/sdk-trace-node');
  expect(set).toContain('IMPORTED @fastify/otel');
});

test('a collector out of reach is one warning, and the portal keeps serving', async () => {
  const closed = await collector();
  closed.server.close();
  await once(closed.server, 'close');
  const portal = await startPortal({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: closed.url, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
  try {
    for (let i = 0; i < 3; i++) {
      const lookup = await fetch(`${portal.url}/v1/Cornerstone/versions`, {
        headers: { authorization: 'Hasp id=DEMO-CS-1001' },
      });
      expect(lookup.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 400));
    }
    const warnings = () =>
      portal
        .output()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 40)
        .map((entry) => entry.msg);
    const refused = `OpenTelemetry: connect ECONNREFUSED ${new URL(closed.url).host}`;
    // The exporter retries a refused connection with growing pauses before it gives up and
    // says so: the warning comes while the portal serves, seconds later on a busy machine.
    await expect.poll(warnings, { timeout: 30_000 }).toContain(refused);
    for (let i = 0; i < 3; i++) {
      const lookup = await fetch(`${portal.url}/v1/Cornerstone/versions`, {
        headers: { authorization: 'Hasp id=DEMO-CS-1001' },
      });
      expect(lookup.status).toBe(200);
    }
    expect(await portal.stop('SIGTERM')).toBe(0);
    expect(warnings()).toEqual([refused]);
  } finally {
    await portal.stop();
    await removeDataDir(portal.dataDir);
  }
});
