import { BoundedMap } from '../../shared/bounded-map';

/** Distinct wrong credentials a client may try within the window before it is braked. */
export const CREDENTIAL_FAILURES_ALLOWED = 20;
export const CREDENTIAL_FAILURE_WINDOW_MS = 10 * 60_000;
/**
 * While braked, a client may still use credentials that worked from its address before;
 * past this many attempts in the window (failures and refusals together) it is refused
 * everything, so the exception cannot become a fast oracle.
 */
export const CREDENTIAL_ATTEMPTS_HARD_LIMIT = 2 * CREDENTIAL_FAILURES_ALLOWED;
/** How long a credential that worked from an address stays good there. */
export const KNOWN_GOOD_FOR_MS = 30 * 24 * 60 * 60_000;
/** Fixed memory: clients with failures, and (client, credential) pairs that worked. */
export const TRACKED_CLIENTS_MAX = 20_000;
export const KNOWN_GOOD_MAX = 100_000;

interface ClientFailures {
  /** Wrong credentials tried in the window, oldest first, at most one entry per distinct credential. */
  failures: Array<{ at: number; tried: string }>;
  /** Times of attempts refused while braked, oldest first. */
  refusals: number[];
}

/**
 * The brake on guessing registration IDs and key IDs (docs/decisions/050-guessing-brake-costs-the-guesser.md).
 * A guesser changes the ID at every try, so what counts is distinct wrong credentials per
 * client; a client retrying one stale ID costs one. A braked client may still use a
 * credential that worked from its own address before, so one guesser behind a NAT does not
 * lock out the customers there. Work per call is O(1): at most a few dozen entries per
 * client, and a fixed number of clients. `tried` and `credential` are opaque keys
 * (digests): nothing here holds an ID.
 */
export class CredentialBrake {
  private readonly clients = new BoundedMap<string, ClientFailures>(TRACKED_CLIENTS_MAX);
  private readonly knownGood = new BoundedMap<string, number>(KNOWN_GOOD_MAX);

  /**
   * Seconds until the client may try `credential` again, or undefined when it may try now.
   * A refusal counts towards the hard limit.
   */
  retryAfterSeconds(client: string, credential: string, now = Date.now()): number | undefined {
    const record = this.current(client, now);
    if (!record || record.failures.length < CREDENTIAL_FAILURES_ALLOWED) return undefined;
    const attempts = record.failures.length + record.refusals.length;
    if (attempts < CREDENTIAL_ATTEMPTS_HARD_LIMIT && this.worked(client, credential, now)) return undefined;
    record.refusals.push(now);
    if (record.refusals.length > CREDENTIAL_ATTEMPTS_HARD_LIMIT) record.refusals.shift();
    // The brake lifts once the oldest failure ages out of the window.
    return Math.max(1, Math.ceil((record.failures[0]!.at + CREDENTIAL_FAILURE_WINDOW_MS - now) / 1000));
  }

  /** How many clients have failures on record; never more than TRACKED_CLIENTS_MAX. */
  get trackedClients(): number {
    return this.clients.size;
  }

  recordFailure(client: string, tried: string, now = Date.now()): void {
    const record = this.current(client, now) ?? { failures: [], refusals: [] };
    const again = record.failures.findIndex((failure) => failure.tried === tried);
    if (again !== -1) record.failures.splice(again, 1);
    record.failures.push({ at: now, tried });
    // Only the latest failures decide, so older ones need not be kept.
    if (record.failures.length > CREDENTIAL_FAILURES_ALLOWED) record.failures.shift();
    this.clients.set(client, record);
  }

  recordSuccess(client: string, credential: string, now = Date.now()): void {
    const key = `${client} ${credential}`;
    // Refreshed at most once a minute: a busy customer's every lookup need not rewrite it, nor
    // move it in the order (set does that), so it is peeked at (decision 160).
    const at = this.knownGood.peek(key);
    if (at === undefined || now - at > 60_000) this.knownGood.set(key, now);
  }

  private worked(client: string, credential: string, now: number): boolean {
    const at = this.knownGood.get(`${client} ${credential}`);
    return at !== undefined && at > now - KNOWN_GOOD_FOR_MS;
  }

  /** The client's record with what has aged out of the window dropped; undefined when nothing is left. */
  private current(client: string, now: number): ClientFailures | undefined {
    const record = this.clients.get(client);
    if (!record) return undefined;
    const since = now - CREDENTIAL_FAILURE_WINDOW_MS;
    while (record.failures.length > 0 && record.failures[0]!.at <= since) record.failures.shift();
    while (record.refusals.length > 0 && record.refusals[0]! <= since) record.refusals.shift();
    if (record.failures.length === 0 && record.refusals.length === 0) {
      this.clients.delete(client);
      return undefined;
    }
    return record;
  }
}
