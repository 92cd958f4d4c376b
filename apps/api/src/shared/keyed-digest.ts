import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Credentials (registration IDs, key IDs, one-time codes, session IDs) are stored only as
 * keyed digests and looked up by digest. Each purpose gets its own subkey, so a digest made
 * for one purpose can never be replayed as another. The subkey is derived once per
 * digester: keep the digester where digests are made often.
 */
export function keyedDigester(secretKey: Buffer, purpose: string): (value: string) => string {
  const subkey = createHmac('sha256', secretKey).update(`portal digest:${purpose}`).digest();
  return (value) => createHmac('sha256', subkey).update(value, 'utf8').digest('hex');
}

/** A key of its own for each use of SECRET_KEY (token signing, download links, …). */
export function derivedKey(secretKey: Buffer, purpose: string): Buffer {
  return createHmac('sha256', secretKey).update(`portal key:${purpose}`).digest();
}

/** Compares two secrets in time that does not depend on where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
