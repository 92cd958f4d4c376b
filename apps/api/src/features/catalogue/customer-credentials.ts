import type { CustomerScheme } from '@portal/contracts';
import { createHmac } from 'node:crypto';
import { keyedDigest } from '../../shared/keyed-digest';

/** Registration IDs and key IDs are matched without regard to case or stray spaces: customers type them. */
export function normaliseCustomerId(id: string): string {
  return id.trim().toUpperCase();
}

/** The only form in which a registration ID or key ID is stored or looked up. */
export function customerDigest(secretKey: Buffer, scheme: CustomerScheme, id: string): string {
  return keyedDigest(secretKey, purposeOf(scheme), normaliseCustomerId(id));
}

/**
 * The same digests as customerDigest, with the per-purpose subkeys derived once: every
 * lookup computes one, so this halves the HMAC work on the hot path.
 */
export function customerDigester(secretKey: Buffer): (scheme: CustomerScheme, id: string) => string {
  const subkeys = {
    hasp: createHmac('sha256', secretKey)
      .update(`portal digest:${purposeOf('hasp')}`)
      .digest(),
    rainbow: createHmac('sha256', secretKey)
      .update(`portal digest:${purposeOf('rainbow')}`)
      .digest(),
  };
  return (scheme, id) => createHmac('sha256', subkeys[scheme]).update(normaliseCustomerId(id), 'utf8').digest('hex');
}

function purposeOf(scheme: CustomerScheme) {
  return scheme === 'hasp' ? 'registration-id' : 'key-id';
}
