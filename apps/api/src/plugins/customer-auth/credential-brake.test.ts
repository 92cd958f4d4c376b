import { describe, expect, it } from 'vitest';
import {
  CREDENTIAL_ATTEMPTS_HARD_LIMIT,
  CREDENTIAL_FAILURE_WINDOW_MS,
  CREDENTIAL_FAILURES_ALLOWED,
  CredentialBrake,
  TRACKED_CLIENTS_MAX,
} from './credential-brake';

/** `count` distinct wrong credentials from `client`, one a second from `start`. */
function guess(brake: CredentialBrake, client: string, count: number, start = 1_000_000) {
  for (let failure = 0; failure < count; failure++)
    brake.recordFailure(client, `wrong-${failure}`, start + failure * 1000);
}

describe('CredentialBrake', () => {
  it('brakes a client after 20 distinct wrong credentials within 10 minutes, until the oldest ages out', () => {
    const brake = new CredentialBrake();
    const start = 1_000_000;
    for (let failure = 0; failure < CREDENTIAL_FAILURES_ALLOWED; failure++) {
      expect(brake.retryAfterSeconds('a', 'next', start + failure * 1000)).toBeUndefined();
      brake.recordFailure('a', `wrong-${failure}`, start + failure * 1000);
    }
    const now = start + 20_000;
    expect(brake.retryAfterSeconds('a', 'next', now)).toBe((CREDENTIAL_FAILURE_WINDOW_MS - 20_000) / 1000);
    expect(brake.retryAfterSeconds('b', 'next', now)).toBeUndefined();
    expect(brake.retryAfterSeconds('a', 'next', start + CREDENTIAL_FAILURE_WINDOW_MS + 1)).toBeUndefined();
  });

  it('forgets failures older than the window', () => {
    const brake = new CredentialBrake();
    for (let failure = 0; failure < 19; failure++) brake.recordFailure('a', `wrong-${failure}`, failure);
    brake.recordFailure('a', 'late', CREDENTIAL_FAILURE_WINDOW_MS + 100);
    expect(brake.retryAfterSeconds('a', 'next', CREDENTIAL_FAILURE_WINDOW_MS + 200)).toBeUndefined();
  });

  it('counts a wrong credential tried again as one failure: a client retrying a stale ID is not a guesser', () => {
    const brake = new CredentialBrake();
    for (let retry = 0; retry < 100; retry++) brake.recordFailure('a', 'stale-id', 1_000_000 + retry);
    expect(brake.retryAfterSeconds('a', 'stale-id', 1_000_200)).toBeUndefined();
  });

  it('lets a credential that worked from the address through while the address is braked', () => {
    const brake = new CredentialBrake();
    brake.recordSuccess('building', 'customer-id', 900_000);
    guess(brake, 'building', CREDENTIAL_FAILURES_ALLOWED);
    expect(brake.retryAfterSeconds('building', 'customer-id', 1_100_000)).toBeUndefined();
    expect(brake.retryAfterSeconds('building', 'unknown-id', 1_100_000)).toBeGreaterThan(0);
    // Known-good at one address is nothing at another.
    guess(brake, 'elsewhere', CREDENTIAL_FAILURES_ALLOWED);
    expect(brake.retryAfterSeconds('elsewhere', 'customer-id', 1_100_000)).toBeGreaterThan(0);
  });

  it('refuses even known-good credentials past the hard limit of attempts, so the exception is no oracle', () => {
    const brake = new CredentialBrake();
    brake.recordSuccess('building', 'customer-id', 900_000);
    guess(brake, 'building', CREDENTIAL_FAILURES_ALLOWED);
    const refusalsLeft = CREDENTIAL_ATTEMPTS_HARD_LIMIT - CREDENTIAL_FAILURES_ALLOWED;
    for (let refusal = 0; refusal < refusalsLeft; refusal++) {
      expect(brake.retryAfterSeconds('building', `guess-${refusal}`, 1_100_000)).toBeGreaterThan(0);
    }
    expect(brake.retryAfterSeconds('building', 'customer-id', 1_100_000)).toBeGreaterThan(0);
  });

  it('holds a fixed number of clients, forgetting the least recently seen', () => {
    const brake = new CredentialBrake();
    guess(brake, 'first', CREDENTIAL_FAILURES_ALLOWED);
    for (let client = 0; client < TRACKED_CLIENTS_MAX; client++) brake.recordFailure(`flood-${client}`, 'x', 1_030_000);
    expect(brake.retryAfterSeconds('first', 'next', 1_040_000)).toBeUndefined();
    expect(brake.trackedClients).toBe(TRACKED_CLIENTS_MAX);
  });
});
