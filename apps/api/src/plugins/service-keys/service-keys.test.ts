import { afterEach, describe, expect, it, vi } from 'vitest';
import { derivedKey } from '../../shared/keyed-digest';
import { decodeWithCheck, encodeWithCheck } from './crockford-base32';
import { checkExpiringKey } from './expiring-key';
import { createServiceKeys, SERVICE_KEY_PURPOSES } from './service-keys';

// The frozen vectors of docs/service-keys.md: SECRET_KEY = the bytes 0x00 to 0x1f.
const SECRET_KEY = Buffer.from('000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f', 'hex');
const keys = createServiceKeys(SECRET_KEY);
const expiringKeyBytes = derivedKey(SECRET_KEY, SERVICE_KEY_PURPOSES.expiring);

afterEach(() => {
  vi.useRealTimers();
});

describe('frozen vectors (docs/service-keys.md)', () => {
  it('derives one key per purpose from SECRET_KEY', () => {
    expect(derivedKey(SECRET_KEY, SERVICE_KEY_PURPOSES.challengeResponse).toString('hex')).toBe(
      'e343000c495c6148375b0451a6883fc9405b41d9a98c71fb5e77ec3276752b87',
    );
    expect(expiringKeyBytes.toString('hex')).toBe('387de2936f8b7f72f09e4b70698472c81c6c64e18de61600c4bb718d1a47580a');
    expect(derivedKey(SECRET_KEY, SERVICE_KEY_PURPOSES.passwordReset).toString('hex')).toBe(
      'c16aae410499d14850401fa552103d9cd223ca2b52bfe0edc949b2c9d78b826a',
    );
  });

  it("answers a password-reset challenge with a key of its own, never Service Mode's code", () => {
    const challenges = ['0', '00000000', '1', '12345678', '99999999'];
    expect(Object.fromEntries(challenges.map((q) => [q, keys.passwordResetResponseFor(q)]))).toEqual({
      '0': '10741308',
      '00000000': '10741308',
      '1': '27937084',
      '12345678': '80594151',
      '99999999': '04648329',
    });
    for (const challenge of challenges) {
      expect(keys.passwordResetResponseFor(challenge)).not.toBe(keys.responseFor(challenge));
    }
    expect(keys.passwordResetResponseFor('1234-5678')).toBeUndefined();
  });

  it('answers challenge keys with OCRA-1:HOTP-SHA256-8:QN08', () => {
    expect(
      Object.fromEntries(['0', '00000000', '1', '12345678', '99999999'].map((q) => [q, keys.responseFor(q)])),
    ).toEqual({
      '0': '68978039',
      '00000000': '68978039',
      '1': '24965848',
      '12345678': '63146147',
      '99999999': '14382919',
    });
  });

  it('refuses malformed challenge keys', () => {
    for (const challenge of ['', '123456789', '1234-5678', ' 1234', 'abcd', '１２３４']) {
      expect(keys.responseFor(challenge)).toBeUndefined();
    }
  });

  it('issues expiring keys that carry their issue minute', () => {
    const issued = (at: string) => {
      const key = keys.expiringKey(new Date(at));
      return [key.responseCode, key.issuedAt.toISOString(), key.expiresAt.toISOString()];
    };
    expect(issued('2025-03-14T23:59:30Z')).toEqual([
      '06XG-6FWY-BMAY-5AZR-1',
      '2025-03-14T23:59:00.000Z',
      '2025-03-16T00:00:00.000Z',
    ]);
    expect(issued('2025-03-15T00:00:00Z')).toEqual([
      '06XG-6G7W-XGN0-PYKJ-6',
      '2025-03-15T00:00:00.000Z',
      '2025-03-16T00:01:00.000Z',
    ]);
    expect(issued('1970-01-01T00:00:00Z')).toEqual([
      '0000-003X-BMMT-JV0D-G',
      '1970-01-01T00:00:00.000Z',
      '1970-01-02T00:01:00.000Z',
    ]);
  });
});

describe('the 24-hour boundary, on a fake clock', () => {
  it('keeps a key issued at 23:59 valid for a full 24 hours, and not one millisecond after', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-03-14T23:59:59.999Z'));
    const { responseCode, expiresAt } = keys.expiringKey();
    expect(expiresAt.toISOString()).toBe('2025-03-16T00:00:00.000Z');

    vi.setSystemTime(new Date('2025-03-15T23:59:59.999Z'));
    expect(checkExpiringKey(expiringKeyBytes, responseCode, new Date()).kind).toBe('valid');
    vi.setSystemTime(new Date('2025-03-16T00:00:00.000Z'));
    expect(checkExpiringKey(expiringKeyBytes, responseCode, new Date())).toEqual({ kind: 'expired', expiresAt });
  });

  it('refuses a key from the future beyond the allowed clock skew', () => {
    const { responseCode } = keys.expiringKey(new Date('2025-03-15T12:00:00Z'));
    expect(checkExpiringKey(expiringKeyBytes, responseCode, new Date('2025-03-15T11:55:00Z')).kind).toBe('valid');
    expect(checkExpiringKey(expiringKeyBytes, responseCode, new Date('2025-03-15T11:54:59Z')).kind).toBe(
      'not-yet-valid',
    );
  });
});

describe('what the instrument checks', () => {
  const now = new Date('2025-03-15T12:00:00Z');
  const { responseCode } = keys.expiringKey(now);

  it('forgives case, hyphens and the look-alikes O, I and L', () => {
    const typed = responseCode.replace(/-/g, '').toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    expect(checkExpiringKey(expiringKeyBytes, typed, now).kind).toBe('valid');
  });

  it('catches every single mistyped character with the check symbol', () => {
    const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
    const plain = responseCode.replace(/-/g, '');
    for (let position = 0; position < plain.length - 1; position++) {
      for (const digit of digits) {
        if (digit === plain[position]) continue;
        const typed = plain.slice(0, position) + digit + plain.slice(position + 1);
        expect(checkExpiringKey(expiringKeyBytes, typed, now).kind).toBe('mistyped');
      }
    }
  });

  it('refuses a key made with another SECRET_KEY as forged', () => {
    const other = createServiceKeys(Buffer.alloc(32, 7)).expiringKey(now).responseCode;
    expect(checkExpiringKey(expiringKeyBytes, other, now).kind).toBe('forged');
  });

  it('round-trips Crockford base 32 with its check symbol', () => {
    const bytes = Buffer.from('01bb033f9e5d15e2abf8', 'hex');
    expect(decodeWithCheck(encodeWithCheck(bytes), 10)).toEqual(bytes);
    expect(encodeWithCheck(Buffer.alloc(5))).toBe('000000000');
    expect(() => encodeWithCheck(Buffer.alloc(3))).toThrow(RangeError);
  });
});
