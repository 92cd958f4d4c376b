import { parseReleaseReferenceKey, releaseLookupPage } from '@portal/contracts';

/**
 * The lookup where a customer gets a release (the contract's `releaseLookupPage`), for a
 * remediation's "update to"; undefined for a key that names no release.
 */
export function releaseLookupHref(key: string): string | undefined {
  const reference = parseReleaseReferenceKey(key);
  return reference ? releaseLookupPage(reference) : undefined;
}
