import { createHmac, timingSafeEqual } from 'node:crypto';
import { decodeWithCheck, encodeWithCheck } from './crockford-base32';

/**
 * The expiring response key (docs/service-keys.md): valid 24 hours, for Cornerstone 2.8.1
 * and later, checked by the instrument offline. It carries its own issue time, so a key
 * issued at 23:59 lives a full 24 hours rather than until the next day's window:
 *
 *   body = issued minute (4 bytes, big-endian: minutes since 1970-01-01T00:00Z)
 *        ‖ HMAC-SHA-256(key, "EXPIRING-KEY-1" ‖ 0x00 ‖ issued minute)[0..6)
 *   key  = Crockford base 32 of the 10 body bytes (16 digits) ‖ check symbol, shown in
 *          groups of four with hyphens.
 *
 * It is valid from the start of its issue minute until 24 hours after the end of it.
 */
export const EXPIRING_KEY_DOMAIN = 'EXPIRING-KEY-1';
export const EXPIRING_KEY_LIFETIME_MINUTES = 24 * 60;
const MINUTE_MS = 60_000;
const MINUTE_BYTES = 4;
const TAG_BYTES = 6;
const BODY_BYTES = MINUTE_BYTES + TAG_BYTES;

function tagOf(key: Buffer, minuteBytes: Buffer): Buffer {
  return createHmac('sha256', key)
    .update(Buffer.concat([Buffer.from(EXPIRING_KEY_DOMAIN, 'ascii'), Buffer.alloc(1), minuteBytes]))
    .digest()
    .subarray(0, TAG_BYTES);
}

/** When a key issued in this minute stops being valid. */
function expiryOf(issuedMinute: number): Date {
  return new Date((issuedMinute + 1 + EXPIRING_KEY_LIFETIME_MINUTES) * MINUTE_MS);
}

function grouped(text: string): string {
  return text.match(/.{1,4}/g)!.join('-');
}

export interface ExpiringKey {
  responseCode: string;
  issuedAt: Date;
  expiresAt: Date;
}

/** The key issued at `now`. */
export function issueExpiringKey(key: Buffer, now: Date): ExpiringKey {
  const issuedMinute = Math.floor(now.getTime() / MINUTE_MS);
  const minuteBytes = Buffer.alloc(MINUTE_BYTES);
  minuteBytes.writeUInt32BE(issuedMinute);
  const body = Buffer.concat([minuteBytes, tagOf(key, minuteBytes)]);
  return {
    responseCode: grouped(encodeWithCheck(body)),
    issuedAt: new Date(issuedMinute * MINUTE_MS),
    expiresAt: expiryOf(issuedMinute),
  };
}

export type ExpiringKeyCheck =
  | { kind: 'valid'; expiresAt: Date }
  | { kind: 'mistyped' }
  | { kind: 'forged' }
  | { kind: 'expired' | 'not-yet-valid'; expiresAt: Date };

/**
 * What an instrument does with a key typed in (the reference for docs/service-keys.md):
 * the check symbol first, then the MAC in constant time, then the time.
 */
export function checkExpiringKey(key: Buffer, typed: string, now: Date, allowedSkewMinutes = 5): ExpiringKeyCheck {
  const body = decodeWithCheck(typed, BODY_BYTES);
  if (!body) return { kind: 'mistyped' };
  const minuteBytes = body.subarray(0, MINUTE_BYTES);
  if (!timingSafeEqual(body.subarray(MINUTE_BYTES), tagOf(key, minuteBytes))) return { kind: 'forged' };
  const issuedMinute = minuteBytes.readUInt32BE();
  const expiresAt = expiryOf(issuedMinute);
  if (now.getTime() < (issuedMinute - allowedSkewMinutes) * MINUTE_MS) return { kind: 'not-yet-valid', expiresAt };
  if (now.getTime() >= expiresAt.getTime()) return { kind: 'expired', expiresAt };
  return { kind: 'valid', expiresAt };
}
