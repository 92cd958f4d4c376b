import {
  bearerAuthorization,
  INSUFFICIENT_STORAGE,
  PUBLISHING_PATHS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_METADATA_KEYS,
} from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { readBearer } from '../../../shared/api/api-client';
import { formatFileSize } from '../../../shared/format';
import { claimDraftFile } from '../api/drafts-api';

/**
 * A draft's file bytes, from the browser (docs/decisions/271-browser-uploads-resume-by-themselves.md):
 * by tus in 8 MiB chunks, at most UPLOADS_AT_ONCE of a tab at a time, retried by themselves
 * for RETRY_FOR_MS after a dropped connection (at once when the browser says it is back
 * online), and one upload per draft and SHA-256 across the browser's tabs. The upload's
 * address is kept in localStorage under the draft and the SHA-256, and the chosen file's
 * name, size and date under the draft, so the same file chosen after a reload resumes
 * without being hashed again (the server's SHA-256 on the last byte still decides).
 */

/** One chunk of an upload (UPLOAD_CHUNK_BYTES): a dropped connection re-sends at most this much. */
export const CHUNK_BYTES = UPLOAD_CHUNK_BYTES;
/** A lost connection is tried again for this long before the card asks for a click. */
export const RETRY_FOR_MS = 10 * 60 * 1000;
/** Uploads of one tab that send at the same time; the others wait their turn. */
export const UPLOADS_AT_ONCE = 3;

/** The wait before the `attempt`-th try after a lost connection: short, since a refused connection costs nothing. */
export const retryDelayMs = (attempt: number) => Math.min(250 * 2 ** attempt, 2_000);

export const CONNECTION_LOST_WORDS = 'Connection lost — retrying';

/** Where an upload of this tab stands, by `uploadKey(draftId, sha256)`. */
export type UploadProgress =
  | { state: 'waiting'; name: string; totalBytes: number; why: 'queued' | 'other tab' }
  | { state: 'uploading'; name: string; bytesSent: number; totalBytes: number; resumedAt: number; recognised: boolean }
  | { state: 'retrying'; name: string; bytesSent: number; totalBytes: number; since: number }
  | { state: 'uploaded'; name: string; totalBytes: number }
  | { state: 'failed'; name: string; message: string; bytesSent: number; totalBytes: number; resumable: boolean };

/** The uploads of this tab, kept apart from any screen so that one survives its form being reset. */
const uploads = new Map<string, UploadProgress>();
const listeners = new Set<() => void>();
let snapshot: ReadonlyMap<string, UploadProgress> = new Map();
let notifyPending: ReturnType<typeof setTimeout> | undefined;

const notify = () => {
  notifyPending = undefined;
  snapshot = new Map(uploads);
  for (const listener of listeners) listener();
};

/** Sets an upload's progress: a change of state is shown at once, bytes sent at most ten times a second. */
export function setUploadProgress(key: string, progress: UploadProgress) {
  const stateChanged = uploads.get(key)?.state !== progress.state;
  uploads.set(key, progress);
  if (stateChanged) {
    clearTimeout(notifyPending);
    notify();
  } else {
    notifyPending ??= setTimeout(notify, 100);
  }
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

/** What the draft's uploads of this tab come to: files under way, bytes sent of their total. */
export function uploadsTotal(all: ReadonlyMap<string, UploadProgress>, draftId: string) {
  let files = 0;
  let sentBytes = 0;
  let totalBytes = 0;
  for (const [key, upload] of all) {
    if (!key.startsWith(`${draftId}:`) || upload.state === 'uploaded' || upload.state === 'failed') continue;
    files += 1;
    totalBytes += upload.totalBytes;
    sentBytes += upload.state === 'waiting' ? 0 : upload.bytesSent;
  }
  return { files, sentBytes, totalBytes };
}

// ---- The chosen file, recognised after a reload by what the browser says of it ----

const FILE_RECORD_PREFIX = 'portal-draft-file:';
const fileRecordKey = (draftId: string, file: File) =>
  `${FILE_RECORD_PREFIX}${JSON.stringify([draftId, file.name, file.size, file.lastModified])}`;

/** The SHA-256 this browser computed for the same draft, name, size and date, while its upload is unfinished. */
export function recognisedSha256(draftId: string, file: File): string | undefined {
  try {
    const sha = localStorage.getItem(fileRecordKey(draftId, file));
    return sha && /^[0-9a-f]{64}$/.test(sha) ? sha : undefined;
  } catch {
    return undefined;
  }
}

function rememberFile(draftId: string, file: File, sha: string) {
  try {
    localStorage.setItem(fileRecordKey(draftId, file), sha);
  } catch {
    // Storage full or refused: a reload then hashes the file again, nothing worse.
  }
}

function forgetFile(draftId: string, file: File) {
  try {
    localStorage.removeItem(fileRecordKey(draftId, file));
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** tus-js-client's record of an upload's address (`tus::<fingerprint>::…`): a refused upload is never resumed. */
function forgetUploadAddress(key: string) {
  try {
    const prefix = `tus::${uploadFingerprint(key)}::`;
    for (const name of Object.keys(localStorage)) if (name.startsWith(prefix)) localStorage.removeItem(name);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/** The same draft and bytes are the same upload, whatever the file is called on this disk. */
const uploadFingerprint = (key: string) => `portal-draft-upload:${key}`;

// ---- Failures ----

interface TusError {
  originalResponse?: { getBody(): string; getStatus(): number } | null;
}

/**
 * Whether trying again may help: no answer at all (the connection), a server fault, or tus's
 * "busy" (409, 423). Not a server out of space (507): its partial file is gone, and only its
 * operator can make room.
 */
export function isRetryable(error: unknown): boolean {
  const status = (error as TusError).originalResponse?.getStatus() ?? 0;
  if (status === INSUFFICIENT_STORAGE) return false;
  return status === 0 || status >= 500 || status === 409 || status === 423;
}

/** The message of a failed upload: the server's own JSON `message` when it answered, else what happened. */
export function uploadFailureMessage(error: unknown, bytesSent: number, totalBytes: number): string {
  const response = (error as TusError).originalResponse;
  if (response) {
    try {
      const body = JSON.parse(response.getBody()) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // Not the API's JSON: say the status below.
    }
    return `The upload was refused (HTTP status code ${response.getStatus()}).`;
  }
  return `The connection was lost after ${formatFileSize(bytesSent)} of ${formatFileSize(totalBytes)}.`;
}

// ---- Taking turns: UPLOADS_AT_ONCE per tab ----

let sending = 0;
const turns: (() => void)[] = [];

async function takeTurn(): Promise<() => void> {
  if (sending >= UPLOADS_AT_ONCE) await new Promise<void>((resolve) => turns.push(resolve));
  sending += 1;
  return () => {
    sending -= 1;
    turns.shift()?.();
  };
}

/** The Resume buttons of this tab's uploads that wait for a click or a retry, by upload key. */
const resumers = new Map<string, () => void>();

/** The tus uploads of this tab under way, by upload key: what ends one that the browser's hash refused. */
const stoppers = new Map<string, () => void>();
/** Uploads refused before their turn or their lock came: they never start. */
const refusedBeforeStart = new Set<string>();

/**
 * Ends an upload whose file the browser's own hash, run beside it, found to be other bytes
 * (or could not read to its end): the upload is stopped and its partial file deleted on the
 * server (tus termination, so nothing is kept), the file is no longer recognised, and the
 * card says `message`. An upload not started yet never starts; one that already ended
 * (the server's own check refused it) only takes the message.
 */
export function refuseUpload(draftId: string, sha: string, file: File, message: string) {
  const key = uploadKey(draftId, sha);
  forgetFile(draftId, file);
  const stop = stoppers.get(key);
  if (stop) stop();
  else if (uploads.get(key)?.state === 'waiting') refusedBeforeStart.add(key);
  resumers.delete(key);
  const progress = uploads.get(key);
  setUploadProgress(key, {
    state: 'failed',
    name: file.name,
    message,
    bytesSent: progress && 'bytesSent' in progress ? progress.bytesSent : 0,
    totalBytes: file.size,
    resumable: false,
  });
}

/** Tries the upload again now (the card's Resume button): the same File, no choosing again. */
export function resumeUpload(key: string) {
  resumers.get(key)?.();
}

/** Leaves a failed upload's message behind (the file is chosen again): the new attempt speaks for itself. */
export function clearFailedUpload(key: string) {
  if (uploads.get(key)?.state !== 'failed') return;
  uploads.delete(key);
  resumers.delete(key);
  clearTimeout(notifyPending);
  notify();
}

/**
 * Sends the bytes of `file` for the draft by tus, resuming an upload of the same draft and
 * SHA-256 that this browser started before (a reload, a dropped connection). Resolves when
 * the server has them all, or when it refused them, with where it ended; the progress goes
 * to the uploads store.
 * `recognised`: the SHA-256 is this browser's record of the file, not hashed this time.
 */
export async function uploadFile(
  draftId: string,
  sha: string,
  file: File,
  recognised = false,
): Promise<UploadProgress | undefined> {
  const key = uploadKey(draftId, sha);
  rememberFile(draftId, file, sha);
  const waiting = (why: 'queued' | 'other tab') =>
    setUploadProgress(key, { state: 'waiting', name: file.name, totalBytes: file.size, why });
  waiting('queued');
  const endTurn = await takeTurn();
  try {
    // One upload per draft and SHA-256 in this browser: another tab sending it goes first,
    // then this one finds the server holds the bytes (or resumes where that tab stopped).
    const locked = (body: () => Promise<void>) =>
      typeof navigator.locks?.request === 'function'
        ? navigator.locks.request(`portal-draft-upload:${key}`, { ifAvailable: true }, async (lock) => {
            if (lock) return body();
            waiting('other tab');
            return navigator.locks.request(`portal-draft-upload:${key}`, body);
          })
        : body();
    await locked(async () => {
      if (refusedBeforeStart.delete(key)) return;
      const claimed = await claimDraftFile(draftId, { sha256: sha, name: file.name, sizeBytes: file.size }).catch(
        () => undefined,
      );
      if (claimed && claimed.state !== 'awaiting upload') {
        forgetFile(draftId, file);
        setUploadProgress(key, { state: 'uploaded', name: file.name, totalBytes: file.size });
        return;
      }
      await sendByTus(draftId, sha, file, key, recognised);
    });
  } finally {
    endTurn();
  }
  return uploads.get(key);
}

async function sendByTus(draftId: string, sha: string, file: File, key: string, recognised: boolean) {
  const { Upload } = await import('tus-js-client');
  if (refusedBeforeStart.delete(key)) return;
  await new Promise<void>((resolve) => {
    let stopped = false;
    let sent = 0;
    // What the server has said it holds (a chunk's answer, a resume's HEAD): bytes sent may not have arrived.
    let kept = 0;
    let resumedAt = 0;
    let lostSince: number | undefined;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const tryAgain = () => {
      clearTimeout(timer);
      timer = undefined;
      window.removeEventListener('online', tryAgain);
      resumers.delete(key);
      upload.start();
    };
    const finish = () => {
      clearTimeout(timer);
      window.removeEventListener('online', tryAgain);
      resumers.delete(key);
      stoppers.delete(key);
      resolve();
    };
    // Refused by the browser's hash (refuseUpload): stopped, and its partial file deleted on the server.
    stoppers.set(key, () => {
      stopped = true;
      finish();
      void upload
        .abort(true)
        .catch(() => {
          // Not deleted (the connection is down): the server's check on the last byte and its sweep still hold.
        })
        .finally(() => forgetUploadAddress(key));
    });

    const upload = new Upload(file, {
      endpoint: new URL(PUBLISHING_PATHS.uploads, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      // Retries are this module's own (below): tus-js-client's stop after their last delay.
      retryDelays: null,
      headers: { authorization: bearerAuthorization(readBearer() ?? '') },
      metadata: {
        [UPLOAD_METADATA_KEYS.draftId]: draftId,
        [UPLOAD_METADATA_KEYS.sha256]: sha,
        [UPLOAD_METADATA_KEYS.name]: file.name,
      },
      fingerprint: () => Promise.resolve(uploadFingerprint(key)),
      removeFingerprintOnSuccess: true,
      // A resumed upload first asks the server how far it got: the screen says where it went on from.
      onAfterResponse: (request, response) => {
        if (request.getMethod() === 'HEAD') {
          resumedAt = Number(response.getHeader('Upload-Offset') ?? 0) || 0;
          kept = resumedAt;
        }
      },
      onChunkComplete: (_chunkBytes, bytesAccepted) => {
        kept = bytesAccepted;
      },
      onProgress: (bytesSent, totalBytes) => {
        // Bytes moving past where they were: the connection is back, and a later loss counts anew.
        if (bytesSent > sent) {
          lostSince = undefined;
          attempt = 0;
        }
        sent = bytesSent;
        setUploadProgress(key, { state: 'uploading', name: file.name, bytesSent, totalBytes, resumedAt, recognised });
      },
      onSuccess: () => {
        forgetFile(draftId, file);
        setUploadProgress(key, { state: 'uploaded', name: file.name, totalBytes: file.size });
        finish();
      },
      onError: (error) => {
        lostSince ??= Date.now();
        const stillTrying = Date.now() - lostSince < RETRY_FOR_MS;
        if (isRetryable(error) && stillTrying) {
          setUploadProgress(key, {
            state: 'retrying',
            name: file.name,
            bytesSent: kept,
            totalBytes: file.size,
            since: lostSince,
          });
          resumers.set(key, tryAgain);
          window.addEventListener('online', tryAgain);
          // Offline, the browser's `online` event says when to try; a timer still runs in case it never comes.
          timer = setTimeout(tryAgain, retryDelayMs(attempt++));
          return;
        }
        const resumable = isRetryable(error);
        // A refusal (another SHA-256 on the last byte, a size past the limit): nothing is kept to resume,
        // and the upload's address names nothing any more.
        if (!resumable) {
          forgetFile(draftId, file);
          forgetUploadAddress(key);
        }
        setUploadProgress(key, {
          state: 'failed',
          name: file.name,
          message: uploadFailureMessage(error, sent, file.size),
          bytesSent: sent,
          totalBytes: file.size,
          resumable,
        });
        finish();
        // The tab still has the File: the Resume button goes on without choosing it again.
        if (resumable) resumers.set(key, () => void uploadFile(draftId, sha, file, recognised));
      },
    });
    void upload.findPreviousUploads().then((previous) => {
      if (stopped) return;
      const last = previous.at(-1);
      if (last) upload.resumeFromPreviousUpload(last);
      setUploadProgress(key, {
        state: 'uploading',
        name: file.name,
        bytesSent: 0,
        totalBytes: file.size,
        resumedAt,
        recognised,
      });
      upload.start();
    });
  });
}
