import { bearerAuthorization, PUBLISHING_PATHS, UPLOAD_CHUNK_BYTES, UPLOAD_METADATA_KEYS } from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { readBearer } from '../../../shared/api/api-client';
import { formatFileSize } from '../../../shared/format';

/**
 * A draft's file bytes, from the browser (docs/decisions/190-draft-files-hashed-in-the-browser.md):
 * the SHA-256 is computed here first, so a file the server already stores is never sent
 * again, then the bytes go by tus in 8 MiB chunks, resumable after a dropped connection or a
 * reload (the upload's address is kept in localStorage under the draft and the SHA-256).
 */

/** One chunk of an upload (UPLOAD_CHUNK_BYTES): a dropped connection re-sends at most this much. */
export const CHUNK_BYTES = UPLOAD_CHUNK_BYTES;

/** Where an upload of this tab stands, by SHA-256. */
export type UploadProgress =
  | { state: 'hashing'; name: string; bytesRead: number; totalBytes: number }
  | { state: 'uploading'; name: string; bytesSent: number; totalBytes: number; resumedAt: number }
  | { state: 'uploaded'; name: string; totalBytes: number }
  | { state: 'failed'; name: string; message: string; bytesSent: number; totalBytes: number };

/** The uploads of this tab, kept apart from any screen so that one survives its form being reset. */
const uploads = new Map<string, UploadProgress>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, UploadProgress> = new Map();

export function setUploadProgress(key: string, progress: UploadProgress) {
  uploads.set(key, progress);
  snapshot = new Map(uploads);
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const EMPTY: ReadonlyMap<string, UploadProgress> = new Map();

/** Every upload of this tab, by `uploadKey(draftId, sha256)`. */
export function useUploads(): ReadonlyMap<string, UploadProgress> {
  return useSyncExternalStore(
    subscribe,
    () => snapshot,
    () => EMPTY,
  );
}

export const uploadKey = (draftId: string, sha: string) => `${draftId}:${sha}`;

/** The message of a failed upload: the server's own JSON `message` when it answered, else what happened. */
export function uploadFailureMessage(error: unknown, bytesSent: number, totalBytes: number): string {
  const response = (error as { originalResponse?: { getBody(): string; getStatus(): number } | null }).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // Not the API's JSON: say the status below.
    }
    return `The upload was refused (HTTP status code ${response.getStatus()}).`;
  }
  return `The connection was lost after ${formatFileSize(bytesSent)} of ${formatFileSize(totalBytes)}. Choose the file again to resume.`;
}

/**
 * Sends the bytes of `file` for the draft by tus, resuming an upload of the same draft and
 * SHA-256 this browser started before (a reload, a dropped connection). Resolves when the
 * server has them all; the progress goes to the uploads store.
 */
export async function uploadFile(draftId: string, sha: string, file: File): Promise<void> {
  const key = uploadKey(draftId, sha);
  const { Upload } = await import('tus-js-client');
  await new Promise<void>((resolve) => {
    let sent = 0;
    let resumedAt = 0;
    const upload = new Upload(file, {
      endpoint: new URL(PUBLISHING_PATHS.uploads, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      retryDelays: [0, 1_000, 3_000],
      headers: { authorization: bearerAuthorization(readBearer() ?? '') },
      metadata: {
        [UPLOAD_METADATA_KEYS.draftId]: draftId,
        [UPLOAD_METADATA_KEYS.sha256]: sha,
        [UPLOAD_METADATA_KEYS.name]: file.name,
      },
      // The same draft and bytes are the same upload, whatever the file is called on this disk.
      fingerprint: () => Promise.resolve(`portal-draft-upload:${key}`),
      removeFingerprintOnSuccess: true,
      // A resumed upload first asks the server how far it got: the screen says where it went on from.
      onAfterResponse: (request, response) => {
        if (request.getMethod() === 'HEAD') resumedAt = Number(response.getHeader('Upload-Offset') ?? 0) || 0;
      },
      onProgress: (bytesSent, totalBytes) => {
        sent = bytesSent;
        setUploadProgress(key, { state: 'uploading', name: file.name, bytesSent, totalBytes, resumedAt });
      },
      onSuccess: () => {
        setUploadProgress(key, { state: 'uploaded', name: file.name, totalBytes: file.size });
        resolve();
      },
      onError: (error) => {
        setUploadProgress(key, {
          state: 'failed',
          name: file.name,
          message: uploadFailureMessage(error, sent, file.size),
          bytesSent: sent,
          totalBytes: file.size,
        });
        resolve();
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      const last = previous.at(-1);
      if (last) upload.resumeFromPreviousUpload(last);
      setUploadProgress(key, { state: 'uploading', name: file.name, bytesSent: 0, totalBytes: file.size, resumedAt });
      upload.start();
    });
  });
}
