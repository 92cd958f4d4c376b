import type { CustomerScheme } from '@portal/contracts';
import { keyedDigest } from '../../shared/keyed-digest';

/** Registration IDs and key IDs are matched without regard to case or stray spaces: customers type them. */
export function normaliseCustomerId(id: string): string {
  return id.trim().toUpperCase();
}

/** The only form in which a registration ID or key ID is stored or looked up. */
export function customerDigest(secretKey: Buffer, scheme: CustomerScheme, id: string): string {
  return keyedDigest(secretKey, scheme === 'hasp' ? 'registration-id' : 'key-id', normaliseCustomerId(id));
}
