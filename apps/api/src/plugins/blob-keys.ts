// How a blob is named in every store (DATA_DIR/files and an S3 bucket alike).

/** The key of a blob: derived from its SHA-256, so the same bytes are stored once. */
export function blobKeyFor(sha256: string): string {
  return `${sha256.slice(0, 2)}/${sha256}`;
}

const BLOB_KEY = /^[0-9a-f]{2}\/[0-9a-f]{64}$/;

/** Whether `key` has the form blobKeyFor gives: anything else in a store is not a blob. */
export function isBlobKey(key: string): boolean {
  return BLOB_KEY.test(key);
}
