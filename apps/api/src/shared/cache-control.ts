/**
 * Answers derived from a credential (a registration ID, a key ID, a staff bearer): no
 * shared cache may keep them, and no browser cache either, so they never outlive the
 * request that proved the right to see them.
 */
export const CREDENTIAL_ANSWER_CACHE_CONTROL = 'private, no-store';
