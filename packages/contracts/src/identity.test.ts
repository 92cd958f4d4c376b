import { describe, expect, it } from 'vitest';
import { decodeIdentity, identityState, TOKEN_OLD_AFTER_HOURS } from './identity';

const HOUR_MS = 3_600_000;
const now = Date.UTC(2026, 10, 22, 12);

function token(payload: unknown) {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`;
}

describe('identity freshness', () => {
  it('is fresh only while expiry is more than 504 hours away', () => {
    const exp = (msFromNow: number) => (now + msFromNow) / 1000;
    expect(identityState({ email: 'a@b.c', exp: exp(TOKEN_OLD_AFTER_HOURS * HOUR_MS + 1000) }, now)).toBe('fresh');
    expect(identityState({ email: 'a@b.c', exp: exp(TOKEN_OLD_AFTER_HOURS * HOUR_MS) }, now)).toBe('old');
    expect(identityState({ email: 'a@b.c', exp: exp(-1000) }, now)).toBe('old');
    expect(identityState({ email: 'a@b.c', exp: undefined }, now)).toBe('old');
  });
});

describe('decodeIdentity', () => {
  it('reads email and exp from the payload, Unicode included', () => {
    expect(decodeIdentity(token({ email: 'jörg@example.com', exp: 1_900_000_000 }))).toEqual({
      email: 'jörg@example.com',
      exp: 1_900_000_000,
    });
  });

  it('keeps an identity without a numeric exp, which then counts as old', () => {
    expect(decodeIdentity(token({ email: 'a@example.com', exp: 'soon' }))).toEqual({
      email: 'a@example.com',
      exp: undefined,
    });
  });

  it('refuses what does not decode', () => {
    for (const bad of ['', 'abc', 'a.b.c', token({ exp: 1 }), token('just a string'), 'x.%%%.y']) {
      expect(decodeIdentity(bad)).toBeUndefined();
    }
  });
});
