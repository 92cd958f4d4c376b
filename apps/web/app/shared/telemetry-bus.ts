import type { LookupOutcome, UsageEventName } from '@portal/contracts';

/**
 * What a page tells the anonymous telemetry (docs/telemetry.md). Features emit here and
 * never import the telemetry feature, which loads after the page is interactive and
 * subscribes then: until it does, up to WAITING_MAX emissions wait.
 */
export type TelemetryEmission =
  | { kind: 'page-view'; pathname: string }
  | { kind: 'event'; pathname: string; name: UsageEventName; outcome?: LookupOutcome }
  | { kind: 'error'; pathname: string; error: unknown };

type Emission = TelemetryEmission extends infer E ? (E extends TelemetryEmission ? Omit<E, 'pathname'> : never) : never;

const WAITING_MAX = 100;
const waiting: TelemetryEmission[] = [];
let listener: ((emission: TelemetryEmission) => void) | undefined;

export function emitTelemetry(emission: Emission): void {
  if (typeof window === 'undefined') return;
  const full = { ...emission, pathname: window.location.pathname } as TelemetryEmission;
  if (listener) listener(full);
  else if (waiting.length < WAITING_MAX) waiting.push(full);
}

/** The telemetry collector's subscription: it receives what waited, then every emission. */
export function onTelemetry(receive: (emission: TelemetryEmission) => void): () => void {
  listener = receive;
  for (const emission of waiting.splice(0)) receive(emission);
  return () => {
    if (listener === receive) listener = undefined;
  };
}
