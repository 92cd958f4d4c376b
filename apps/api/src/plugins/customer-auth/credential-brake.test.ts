import { describe, expect, it } from 'vitest';
import { CREDENTIAL_FAILURE_WINDOW_MS, CREDENTIAL_FAILURES_ALLOWED, CredentialBrake } from './credential-brake';

describe('CredentialBrake', () => {
  it('brakes a client after 20 failures within 10 minutes, until the oldest ages out', () => {
    const brake = new CredentialBrake();
    const start = 1_000_000;
    for (let failure = 0; failure < CREDENTIAL_FAILURES_ALLOWED; failure++) {
      expect(brake.retryAfterSeconds('a', start + failure * 1000)).toBeUndefined();
      brake.recordFailure('a', start + failure * 1000);
    }
    const now = start + 20_000;
    expect(brake.retryAfterSeconds('a', now)).toBe((CREDENTIAL_FAILURE_WINDOW_MS - 20_000) / 1000);
    expect(brake.retryAfterSeconds('b', now)).toBeUndefined();
    expect(brake.retryAfterSeconds('a', start + CREDENTIAL_FAILURE_WINDOW_MS + 1)).toBeUndefined();
  });

  it('forgets failures older than the window', () => {
    const brake = new CredentialBrake();
    for (let failure = 0; failure < 19; failure++) brake.recordFailure('a', failure);
    brake.recordFailure('a', CREDENTIAL_FAILURE_WINDOW_MS + 100);
    expect(brake.retryAfterSeconds('a', CREDENTIAL_FAILURE_WINDOW_MS + 200)).toBeUndefined();
  });
});
