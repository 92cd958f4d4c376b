/** What `saveBlob` needs of the browser; tests pass their own. */
export interface SaveBlobEnvironment {
  document: Pick<Document, 'createElement' | 'body'>;
  url: Pick<typeof URL, 'createObjectURL' | 'revokeObjectURL'>;
}

/**
 * Saves a file fetched with the bearer (a plain link could not send it: it lives in
 * localStorage, not a cookie): an object URL for the Blob, a click on a `download` link to it,
 * and the URL revoked once the browser has taken the file.
 */
export function saveBlob(
  blob: Blob,
  fileName: string,
  environment: SaveBlobEnvironment = { document, url: URL },
): void {
  const objectUrl = environment.url.createObjectURL(blob);
  const link = environment.document.createElement('a');
  link.href = objectUrl;
  link.download = fileName;
  link.hidden = true;
  environment.document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // The click starts the download at once; the URL is no longer needed after this task.
    setTimeout(() => environment.url.revokeObjectURL(objectUrl), 0);
  }
}
