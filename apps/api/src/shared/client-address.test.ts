import { describe, expect, it } from 'vitest';
import { clientKey, truncatedAddress } from './client-address';

describe('client addresses', () => {
  it('counts an IPv4 address alone and an IPv6 address by its /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::5')).toBe('2001:db8:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps only a /24 or /48 of the client address', () => {
    expect(truncatedAddress('203.0.113.77')).toBe('203.0.113.0');
    expect(truncatedAddress('::ffff:203.0.113.77')).toBe('203.0.113.0');
    expect(truncatedAddress('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1::');
    expect(truncatedAddress('::1')).toBe('::');
  });
});

describe('a client whose connection is gone', () => {
  it('is counted as one unknown client, not an error', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(truncatedAddress(undefined)).toBe('unknown');
  });
});
