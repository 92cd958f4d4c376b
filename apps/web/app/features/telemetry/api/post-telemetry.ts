import { TELEMETRY_PATHS } from '@portal/contracts';

/** How a batch fared: stored (or refused for good: a 4xx is not retried), or worth another try later. */
export type PostOutcome = 'done' | 'retry';

/**
 * Sends a batch without the shared API client on purpose: telemetry carries no credential,
 * no bearer and no cookie, so nothing in the request can tie it to a person.
 */
export async function postTelemetry(body: string, signal?: AbortSignal): Promise<PostOutcome> {
  try {
    const response = await fetch(TELEMETRY_PATHS.ingest, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      credentials: 'omit',
      signal,
    });
    return response.status === 429 || response.status >= 500 ? 'retry' : 'done';
  } catch {
    return 'retry';
  }
}

/** A batch for a page that is going away: `navigator.sendBeacon`, false when the browser would not queue it. */
export function beaconTelemetry(body: string): boolean {
  return navigator.sendBeacon(TELEMETRY_PATHS.ingest, new Blob([body], { type: 'application/json' }));
}
