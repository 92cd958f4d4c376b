import { trace } from '@opentelemetry/api';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { expect, it } from 'vitest';
import { startTracing } from './tracing';

/** A collector that takes the connection and never answers: every export stays pending. */
class SilentCollector implements SpanExporter {
  exported = 0;
  export(spans: ReadableSpan[], _done: Parameters<SpanExporter['export']>[1]) {
    this.exported += spans.length;
  }
  shutdown() {
    return new Promise<void>(() => {});
  }
  forceFlush() {
    return new Promise<void>(() => {});
  }
}

it('stops although the collector never answers: the last spans do not hold the portal’s stop', async () => {
  const collector = new SilentCollector();
  const tracing = await startTracing({ exporter: collector, processor: 'simple' });
  trace.getTracer('test').startSpan('a request').end();
  expect(collector.exported).toBe(1);
  // Without a bound this waits for the collector for ever, past the test's time.
  await expect(tracing.shutdown()).resolves.toBeUndefined();
});
