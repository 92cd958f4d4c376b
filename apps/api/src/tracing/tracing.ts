import { createRequire } from 'node:module';
import type { Attributes } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import type { FastifyRequest } from 'fastify';

/**
 * OpenTelemetry tracing, started by server.ts only when OTEL_EXPORTER_OTLP_ENDPOINT is set
 * (docs/operations.md, docs/decisions/096). Every OpenTelemetry package is imported here,
 * dynamically: a portal without the variable loads none of them.
 *
 * Spans: one per request, named `GET /v1/…/{param}` by its route pattern (@fastify/otel),
 * one per database query under it (@opentelemetry/instrumentation-pg). No credential
 * reaches an attribute: paths are reported as their pattern, never with the IDs,
 * signatures or tokens their parameters and query strings carry.
 */
export interface Tracing {
  /** Flushes what is still buffered (waiting at most SHUTDOWN_FLUSH_MS) and stops tracing. */
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /** Where spans go; default the OTLP/HTTP exporter the standard OTEL_EXPORTER_OTLP_* variables configure. */
  exporter?: SpanExporter;
  /** `simple` exports each span as it ends (tests); `batch` (default) buffers as OTEL_BSP_* say. */
  processor?: 'batch' | 'simple';
  /** Told the SDK's warnings and errors (a collector out of reach), each distinct one once. */
  warn?: (line: string) => void;
}

const SERVICE_NAME = 'instrument-software-portal';
/**
 * How long a stop waits for the last spans to reach the collector. A collector out of reach
 * is retried for up to OTEL_EXPORTER_OTLP_TIMEOUT (10 s by default, about 8 s of pauses),
 * as long as SHUTDOWN_GRACE_SECONDS' default: waiting for it made a stop exit 1 on a busy
 * machine. A collector that answers takes milliseconds; what is not taken by then is dropped.
 */
export const SHUTDOWN_FLUSH_MS = 2_000;

export async function startTracing({ exporter, processor = 'batch', warn }: TracingOptions = {}): Promise<Tracing> {
  const [
    { context, trace, propagation, diag, DiagLogLevel },
    sdk,
    resources,
    { FastifyOtelInstrumentation },
    { PgInstrumentation },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/resources'),
    import('@fastify/otel'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  if (warn) {
    // Once per distinct problem: a collector down for an hour is one line, not one per batch.
    const told = new Set<string>();
    const once = (message: string, ...args: unknown[]) => {
      const line = [message, ...args].map(describe).join(' ');
      if (told.has(line) || told.size >= 100) return;
      told.add(line);
      warn(`OpenTelemetry: ${line}`);
    };
    const quiet = () => {};
    diag.setLogger({ error: once, warn: once, info: quiet, debug: quiet, verbose: quiet }, DiagLogLevel.WARN);
  }
  exporter ??= new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();

  const redacting = new RedactingExporter(exporter);
  const provider = new sdk.NodeTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES override the default name.
    resource: resources
      .resourceFromAttributes({ 'service.name': SERVICE_NAME })
      .merge(resources.detectResources({ detectors: [resources.envDetector] })),
    spanProcessors: [
      processor === 'simple' ? new sdk.SimpleSpanProcessor(redacting) : new sdk.BatchSpanProcessor(redacting),
    ],
  });
  // Global tracer provider, AsyncLocalStorage context and the W3C propagators (OTEL_PROPAGATORS).
  provider.register();

  const fastify = new FastifyOtelInstrumentation({
    // Every Fastify instance created from now on (buildApp) is instrumented, without a plugin in app.ts.
    registerOnInitialization: true,
    requestHook: nameByRoute,
  });
  // Queries outside a request (migrations, sweeps) are not traced: only what a request waited for.
  const pg = new PgInstrumentation({ requireParentSpan: true });
  for (const instrumentation of [fastify, pg]) instrumentation.setTracerProvider(provider);
  fastify.enable();
  const unpatch = patchLoadedPg(pg);

  return {
    async shutdown() {
      fastify.disable();
      unpatch();
      pg.disable();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        provider.shutdown(),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, SHUTDOWN_FLUSH_MS).unref())),
      ]);
      clearTimeout(timer);
      trace.disable();
      context.disable();
      propagation.disable();
      diag.disable();
    },
  };
}

/**
 * The bundle imports `pg` before start-up reads its configuration, so the module-load hook
 * instrumentation-pg relies on would come too late (and ES modules would need a loader hook).
 * Its patches change the classes' prototypes in place; applied here to the loaded module,
 * they reach every pool and client, including those made before.
 */
function patchLoadedPg(pg: {
  getModuleDefinitions(): Array<{ name: string; patch?: (m: unknown) => unknown; unpatch?: (m: unknown) => void }>;
}) {
  const require = createRequire(import.meta.url);
  const pgPath = require.resolve('pg');
  const modules: Record<string, unknown> = {
    pg: require(pgPath),
    'pg-pool': createRequire(pgPath)('pg-pool'),
  };
  const definitions = pg.getModuleDefinitions().filter((definition) => definition.name in modules);
  for (const definition of definitions) definition.patch?.(modules[definition.name]);
  return () => {
    for (const definition of definitions) definition.unpatch?.(modules[definition.name]);
  };
}

/** `GET /v1/products/cornerstone/versions/{version}`; the path attribute gets the same pattern. */
function nameByRoute(
  span: { updateName(name: string): unknown; setAttribute(key: string, value: string): unknown },
  request: FastifyRequest,
) {
  const route = request.routeOptions.url;
  const pattern = route === undefined ? undefined : routePattern(route);
  span.updateName(pattern ? `${request.method} ${pattern}` : request.method);
  span.setAttribute('url.path', pattern ?? '{unmatched}');
}

/** Fastify's `/a/:id/*` as `/a/{id}/{*}`. */
export function routePattern(route: string): string {
  return route.replace(/:(\w+)(?:\([^)]*\))?/g, '{$1}').replace(/\*/g, '{*}');
}

/** Attributes that carry a raw URL or its query string: never exported, whatever set them. */
const URL_ATTRIBUTES = new Set(['url.full', 'url.query', 'http.url', 'http.target', 'url.original']);
const PATH_ATTRIBUTES = new Set(['url.path', 'http.route']);
/** Values that are credentials by their look, wherever they turn up (a query text, an exception message). */
const CREDENTIAL_PATTERNS: Array<[RegExp, string]> = [
  [/\b(Bearer|Hasp|Rainbow)\s+\S+/gi, '$1 {redacted}'],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]+/g, '{token}'],
  [/[^\s@<>"',;:/]+@[^\s@<>"',;:/]+\.[a-z]{2,}/gi, '{email}'],
];

function redactValue(value: unknown): unknown {
  if (typeof value === 'string') {
    return CREDENTIAL_PATTERNS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), value);
  }
  return Array.isArray(value) ? value.map(redactValue) : value;
}

export function redactAttributes(attributes: Attributes): Attributes {
  const redacted: Attributes = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (URL_ATTRIBUTES.has(key)) continue;
    // A path with a query string is a raw URL, not a pattern: signed links carry their signature there.
    if (PATH_ATTRIBUTES.has(key) && typeof value === 'string' && /[?#]/.test(value)) continue;
    redacted[key] = redactValue(value) as Attributes[string];
  }
  return redacted;
}

/**
 * The last gate before spans leave the process: drops raw URL attributes and masks values
 * that look like credentials, in attributes and in events (exception messages).
 */
class RedactingExporter implements SpanExporter {
  constructor(private readonly inner: SpanExporter) {}

  export(spans: ReadableSpan[], done: Parameters<SpanExporter['export']>[1]): void {
    this.inner.export(spans.map(redactSpan), done);
  }

  shutdown(): Promise<void> {
    return this.inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.inner.forceFlush?.() ?? Promise.resolve();
  }
}

function redactSpan(span: ReadableSpan): ReadableSpan {
  // The span's own fields and methods stay reachable through the prototype chain.
  return Object.create(span, {
    name: { value: redactValue(span.name), enumerable: true },
    attributes: { value: redactAttributes(span.attributes), enumerable: true },
    events: {
      value: span.events.map((event) => ({
        ...event,
        attributes: event.attributes && redactAttributes(event.attributes),
      })),
      enumerable: true,
    },
  }) as ReadableSpan;
}

/** An SDK message as one line: an error (or an error serialised to JSON, as the SDK passes some) by its message. */
function describe(value: unknown): string {
  if (value instanceof Error) return value.message;
  if (typeof value !== 'string') return String(value);
  try {
    const parsed = JSON.parse(value) as { message?: unknown };
    if (typeof parsed.message === 'string') return parsed.message;
  } catch {
    // not JSON: the message itself
  }
  return value;
}
