/** Past this many failed credential attempts within the window, a client is refused (429). */
export const CREDENTIAL_FAILURES_ALLOWED = 20;
export const CREDENTIAL_FAILURE_WINDOW_MS = 10 * 60_000;
/** Bounds the memory a flood of addresses can take; older entries are swept past this. */
const TRACKED_CLIENTS_SWEEP_AT = 10_000;

/**
 * The brake on guessing registration IDs and key IDs: failures are counted per client,
 * not per presented ID (a guesser changes the ID every time), and only failures count, so
 * a customer who looks things up all day is never slowed down. In memory, per process.
 */
export class CredentialBrake {
  private readonly failures = new Map<string, number[]>();

  /** Seconds until the client may try again, or undefined when it is not braked. */
  retryAfterSeconds(client: string, now = Date.now()): number | undefined {
    const recent = this.recent(client, now);
    if (recent.length < CREDENTIAL_FAILURES_ALLOWED) return undefined;
    const oldest = recent[recent.length - CREDENTIAL_FAILURES_ALLOWED]!;
    return Math.max(1, Math.ceil((oldest + CREDENTIAL_FAILURE_WINDOW_MS - now) / 1000));
  }

  recordFailure(client: string, now = Date.now()): void {
    if (this.failures.size >= TRACKED_CLIENTS_SWEEP_AT) this.sweep(now);
    const recent = this.recent(client, now);
    recent.push(now);
    // Only the latest failures decide, so older ones need not be kept.
    this.failures.set(client, recent.slice(-CREDENTIAL_FAILURES_ALLOWED));
  }

  private recent(client: string, now: number): number[] {
    return (this.failures.get(client) ?? []).filter((at) => at > now - CREDENTIAL_FAILURE_WINDOW_MS);
  }

  private sweep(now: number) {
    for (const [client, times] of this.failures) {
      if (times.every((at) => at <= now - CREDENTIAL_FAILURE_WINDOW_MS)) this.failures.delete(client);
    }
  }
}
