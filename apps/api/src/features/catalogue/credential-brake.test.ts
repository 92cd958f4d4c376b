import { describe, expect, it } from 'vitest';
import {
  brakeClientKey,
  CREDENTIAL_FAILURE_WINDOW_MS,
  CREDENTIAL_FAILURES_ALLOWED,
  CredentialBrake,
} from './credential-brake';

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

describe('brakeClientKey', () => {
  it('counts an IPv4 address alone and an IPv6 address by its /64', () => {
    expect(brakeClientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(brakeClientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(brakeClientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(brakeClientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(brakeClientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(brakeClientKey('::1')).toBe('0:0:0:0::/64');
  });
});
