import {
  bearerAuthorization,
  INSUFFICIENT_STORAGE,
  PUBLISHING_PATHS,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_METADATA_KEYS,
  type DraftFile,
  type DraftFileClaim,
} from '@portal/contracts';
import { useSyncExternalStore } from 'react';
import { ApiError, readBearer } from '../../../shared/api/api-client';
import { formatFileSize } from '../../../shared/format';
import { failureOf, type Failure } from '../../../shared/outcome/outcome';
import { claimDraftFile } from '../api/drafts-api';
import { fileUnreadableMessage, HASH_CHUNK_BYTES, hashFile, stillReadable } from './file-hash';

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
/**
 * Uploads of one tab that send at the same time; the others wait their turn (decision 271).
 * Four: four 512 MiB files chosen together went up fastest so, against two and three (the
 * note on 271); with the page's own calls they stay within a browser's six connections a host.
 */
export const UPLOADS_AT_ONCE = 4;

/** The wait before the `attempt`-th try after a lost connection: short, since a refused connection costs nothing. */
export const retryDelayMs = (attempt: number) => Math.min(250 * 2 ** attempt, 2_000);

/**
 * Where an upload of this tab stands, by `uploadKey(draftId, sha256)`, or by `fileKey(draftId,
 * file)` while it is sent before its SHA-256 is known (decision 282).
 */
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

/** The key of a file's upload while its SHA-256 is not known: the draft and what the browser says of the file. */
export const fileKey = (draftId: string, file: File) =>
  `${draftId}:file:${JSON.stringify([file.name, file.size, file.lastModified])}`;

/** Moves an upload of this tab to another key (its SHA-256 is known now): what the screen shows follows it. */
function rekey(target: { key: string }, to: string) {
  const from = target.key;
  if (from === to) return;
  target.key = to;
  for (const map of [uploads, resumers, stoppers] as Map<string, unknown>[]) {
    if (!map.has(from)) continue;
    map.set(to, map.get(from));
    map.delete(from);
  }
  clearTimeout(notifyPending);
  notify();
}

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
function forgetUploadAddress(...keys: string[]) {
  try {
    for (const key of keys) {
      const prefix = `tus::${uploadFingerprint(key)}::`;
      for (const name of Object.keys(localStorage)) if (name.startsWith(prefix)) localStorage.removeItem(name);
    }
  } catch {
    // Nothing kept, nothing to forget.
  }
}

/**
 * Keeps an upload begun under its file's key (unnamed) under its SHA-256's too, once a claim
 * has named it: the file chosen again on its card after a reload resumes that upload.
 */
function copyUploadAddress(from: string, to: string) {
  try {
    const prefix = `tus::${uploadFingerprint(from)}::`;
    for (const name of Object.keys(localStorage)) {
      const value = localStorage.getItem(name);
      if (name.startsWith(prefix) && value !== null) {
        localStorage.setItem(`tus::${uploadFingerprint(to)}::${name.slice(prefix.length)}`, value);
      }
    }
  } catch {
    // Not kept: after a reload the card starts the upload anew, nothing worse.
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

/**
 * The tus uploads of this tab under way, by upload key: what ends one, deleting what was sent
 * (`terminate`: the browser's hash refused it) or not (the server has deleted it already).
 */
const stoppers = new Map<string, (terminate: boolean) => void>();
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
  refuseSending(uploadKey(draftId, sha), draftId, file, message);
}

/** refuseUpload for the upload under `key`: its SHA-256's, or its file's while that is not known. */
function refuseSending(key: string, draftId: string, file: File, message: string) {
  forgetFile(draftId, file);
  const stop = stoppers.get(key);
  if (stop) stop(true);
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
    await locked(key, waiting, async () => {
      if (refusedBeforeStart.delete(key)) return;
      const claimed = await claimDraftFile(draftId, { sha256: sha, name: file.name, sizeBytes: file.size }).catch(
        () => undefined,
      );
      if (claimed && claimed.state !== 'awaiting upload') {
        forgetFile(draftId, file);
        setUploadProgress(key, { state: 'uploaded', name: file.name, totalBytes: file.size });
        return;
      }
      await sendByTus(
        draftId,
        file,
        { key },
        { sha, recognised, resume: () => void uploadFile(draftId, sha, file, recognised) },
      );
    });
  } finally {
    endTurn();
  }
  return uploads.get(key);
}

/** The Web Lock a browser holds while it sends the upload kept under `key` (`locked`, `holdLock`). */
const uploadLock = (key: string) => `portal-draft-upload:${key}`;

/**
 * One upload per key in this browser: another tab sending it goes first, then this one finds
 * the server holds the bytes (or resumes where that tab stopped).
 */
function locked(key: string, waiting: (why: 'other tab') => void, body: () => Promise<void>): Promise<void> {
  if (typeof navigator.locks?.request !== 'function') return body();
  return navigator.locks.request(uploadLock(key), { ifAvailable: true }, async (lock) => {
    if (lock) return body();
    waiting('other tab');
    return navigator.locks.request(uploadLock(key), body);
  });
}

/**
 * Takes the lock `locked` takes for `key` and holds it until `until` settles; resolves once it
 * is held. An upload sent while hashed holds its file's lock; once named, it takes its
 * SHA-256's too before this browser may recognise the file, so that a tab choosing it then
 * waits, and finds it kept, instead of sending the same upload beside it.
 */
function holdLock(key: string, until: Promise<unknown>): Promise<void> {
  if (typeof navigator.locks?.request !== 'function') return Promise.resolve();
  return new Promise((held) => {
    void navigator.locks.request(uploadLock(key), () => {
      held();
      return until.catch(() => undefined);
    });
  });
}

/** How an upload is sent: under the SHA-256 the draft names, or before it is known (decision 282). */
interface TusPlan {
  /** The SHA-256 its creation names; none when the claim names it later, giving the upload's ID. */
  sha?: string;
  recognised: boolean;
  /** The Resume button's once the retries are spent: the same File, sent again. */
  resume: () => void;
  /** The upload's address, once the server created it. */
  onAddress?: (url: string) => void;
  /**
   * Every byte is in: what the upload came to, when the server's answer to the last byte does
   * not say it (an unnamed upload is kept only once its claim names it).
   */
  afterLastByte?: () => Promise<UploadProgress>;
}

/**
 * Sends a file's bytes by tus, the progress under `target.key` (which may move: rekey).
 * Resolves when the upload has ended: kept, refused, stopped, or failed for good.
 */
async function sendByTus(draftId: string, file: File, target: { key: string }, plan: TusPlan) {
  const { Upload } = await import('tus-js-client');
  if (refusedBeforeStart.delete(target.key)) return;
  // The name tus keeps the address under: fixed at creation, whatever key the upload moves to.
  const fingerprintKey = target.key;
  const { recognised } = plan;
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
      resumers.delete(target.key);
      upload.start();
    };
    const finish = () => {
      clearTimeout(timer);
      window.removeEventListener('online', tryAgain);
      resumers.delete(target.key);
      stoppers.delete(target.key);
      resolve();
    };
    // Set when refused while its creation was unanswered: the server may hold the upload before
    // this tab learns its address, so it is deleted once the address comes.
    let deleteOnceCreated = false;
    const abort = (terminate: boolean) =>
      void upload
        .abort(terminate)
        .catch(() => {
          // Not deleted (the connection is down): the server's check on the last byte and its sweep still hold.
        })
        .finally(() => forgetUploadAddress(fingerprintKey, target.key));
    // Refused by the browser's hash (refuseUpload): stopped, and its partial file deleted on the
    // server; or stopped only, when the server deleted it already (its bytes are stored).
    stoppers.set(target.key, (terminate) => {
      stopped = true;
      finish();
      // No address yet: aborting the creation's request would leave what the server made of it.
      if (terminate && upload.url === null) deleteOnceCreated = true;
      else abort(terminate);
    });

    const metadata: Record<string, string> = {
      [UPLOAD_METADATA_KEYS.draftId]: draftId,
      [UPLOAD_METADATA_KEYS.name]: file.name,
    };
    if (plan.sha !== undefined) metadata[UPLOAD_METADATA_KEYS.sha256] = plan.sha;
    const upload = new Upload(file, {
      endpoint: new URL(PUBLISHING_PATHS.uploads, window.location.origin).href,
      chunkSize: CHUNK_BYTES,
      // Retries are this module's own (below): tus-js-client's stop after their last delay.
      retryDelays: null,
      headers: { authorization: bearerAuthorization(readBearer() ?? '') },
      metadata,
      fingerprint: () => Promise.resolve(uploadFingerprint(fingerprintKey)),
      // An unnamed upload's address is kept until its claim has settled it (afterLastByte).
      removeFingerprintOnSuccess: plan.afterLastByte === undefined,
      onUploadUrlAvailable: () => {
        if (deleteOnceCreated) abort(true);
        else if (upload.url) plan.onAddress?.(upload.url);
      },
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
        setUploadProgress(target.key, {
          state: 'uploading',
          name: file.name,
          bytesSent,
          totalBytes,
          resumedAt,
          recognised,
        });
      },
      onSuccess: () => {
        const ended = plan.afterLastByte?.() ?? Promise.resolve(undefined);
        void ended.then((end) => {
          if (stopped) return;
          if (end === undefined || end.state === 'uploaded') {
            forgetFile(draftId, file);
            // Kept: another tab or a later choice of the same file claims it, and resumes nothing.
            forgetUploadAddress(fingerprintKey, target.key);
          }
          setUploadProgress(target.key, end ?? { state: 'uploaded', name: file.name, totalBytes: file.size });
          finish();
        });
      },
      onError: (error) => {
        if (stopped) return;
        if ((error as TusError).originalResponse) return failedOrRetried(error);
        // No answer: the connection dropped, or the browser could not read the chunk (the file was
        // removed or changed on the disk after its hash had read it): that is no drop to wait out.
        void stillReadable(file, sent).then((readable) => {
          if (stopped) return;
          if (readable) failedOrRetried(error);
          else refuseSending(target.key, draftId, file, fileUnreadableMessage(file.name));
        });
      },
    });
    function failedOrRetried(error: Error) {
      lostSince ??= Date.now();
      const stillTrying = Date.now() - lostSince < RETRY_FOR_MS;
      if (isRetryable(error) && stillTrying) {
        setUploadProgress(target.key, {
          state: 'retrying',
          name: file.name,
          bytesSent: kept,
          totalBytes: file.size,
          since: lostSince,
        });
        resumers.set(target.key, tryAgain);
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
        forgetUploadAddress(fingerprintKey, target.key);
      }
      setUploadProgress(target.key, {
        state: 'failed',
        name: file.name,
        message: uploadFailureMessage(error, sent, file.size),
        bytesSent: sent,
        totalBytes: file.size,
        resumable,
      });
      finish();
      // The tab still has the File: the Resume button goes on without choosing it again.
      if (resumable) resumers.set(target.key, plan.resume);
    }
    void upload.findPreviousUploads().then((previous) => {
      if (stopped) return;
      const last = previous.at(-1);
      if (last) upload.resumeFromPreviousUpload(last);
      setUploadProgress(target.key, {
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

// ---- A file sent while it is hashed (decision 282) ----

/** A chosen file, claimed by its SHA-256 (its state on the server), or why not. */
export type ClaimAnswer = { kind: 'ok'; sha256: string; file: DraftFile } | Failure;

/**
 * A call to the drafts API that may be repeated (a claim, a whole catalogue.json PUT), tried
 * again while the connection is lost or the server faults, as an upload is (RETRY_FOR_MS): a
 * file sent while it is hashed is claimed and its entry saved while its bytes go out, so a
 * drop meets those calls too. Any other answer, or the last failure, is thrown.
 */
export async function whileConnectionLost<T>(call: () => Promise<T>): Promise<T> {
  const since = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : undefined;
      const retryable = status === 0 || (status !== undefined && status >= 500 && status !== INSUFFICIENT_STORAGE);
      if (!retryable || Date.now() - since >= RETRY_FOR_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
    }
  }
}

/** The claim of a file, its answer or why not (whileConnectionLost). */
async function claimOnce(draftId: string, claim: DraftFileClaim): Promise<ClaimAnswer> {
  try {
    return { kind: 'ok', sha256: claim.sha256, file: await whileConnectionLost(() => claimDraftFile(draftId, claim)) };
  } catch (error) {
    return failureOf(error, { unexpected: 'own-message' });
  }
}

/**
 * Files smaller than this are hashed before a byte is sent, as before decision 282: one read of
 * the worker's, about 0.14 s at the 117-123 MB/s issue 51 measured, is less than sending them,
 * and a file the portal holds is then never sent.
 */
export const HASH_FIRST_BELOW_BYTES = HASH_CHUNK_BYTES;

/** A file of this tab being sent while it is hashed, by fileKey: chosen again meanwhile, it is the same sending. */
const sendingWhileHashed = new Map<string, Sending>();

export interface Sending {
  /** The claim by the file's SHA-256, once hashed (or recognised), or why the file was refused. */
  claimed: Promise<ClaimAnswer>;
  /** The upload's end: kept, refused or failed (its progress is the uploads store's). */
  sent: Promise<UploadProgress | undefined>;
  /** Whether this browser recognised the file: no hash runs. */
  recognised: boolean;
  /** Where its progress is shown now: the file's key until the SHA-256 is known, then the SHA-256's. */
  key: () => string;
}

/**
 * Sends a file chosen in an entry form or among several at once, while a worker hashes it
 * (docs/decisions/282-files-chosen-in-forms-are-sent-while-hashed.md): the upload is created
 * without a SHA-256 and starts at once (its turn and its tab's lock allowing); when the hash
 * ends, the claim names the SHA-256 and the upload's ID. A file the portal holds already stops
 * there; other bytes are refused by the server's own check, with nothing kept. `accept` refuses
 * a SHA-256 the caller has no use for (its words): the upload is then deleted, as is one whose
 * file could not be read to its end. A file this browser recognises (name, size and date) is
 * not hashed: it is claimed and sent as on its card. A file below HASH_FIRST_BELOW_BYTES is
 * hashed first, then claimed and sent.
 */
export function sendWhileHashing(
  draftId: string,
  file: File,
  {
    onHashed,
    accept = () => undefined,
  }: { onHashed: (bytesRead: number) => void; accept?: (sha: string) => string | undefined },
): Sending {
  const target = { key: fileKey(draftId, file) };
  const under = sendingWhileHashed.get(target.key);
  if (under) return under;

  const known = recognisedSha256(draftId, file);
  if (known !== undefined && accept(known) === undefined) {
    const claim = { sha256: known, name: file.name, sizeBytes: file.size };
    const claimed = claimOnce(draftId, claim);
    const sent = claimed.then((answer) =>
      answer.kind === 'ok' && answer.file.state === 'awaiting upload'
        ? uploadFile(draftId, known, file, true)
        : undefined,
    );
    return { claimed, sent, recognised: true, key: () => uploadKey(draftId, known) };
  }
  if (file.size < HASH_FIRST_BELOW_BYTES) {
    let sha: string | undefined;
    const claimed = hashFile(file, onHashed).then(
      (hashed): Promise<ClaimAnswer> | ClaimAnswer => {
        sha = hashed;
        const refusal = accept(hashed);
        if (refusal !== undefined) return { kind: 'failed', message: refusal, status: null };
        return claimOnce(draftId, { sha256: hashed, name: file.name, sizeBytes: file.size });
      },
      (error: unknown): ClaimAnswer => failureOf(error, { unexpected: 'own-message' }),
    );
    const sent = claimed.then((answer) =>
      answer.kind === 'ok' && answer.file.state === 'awaiting upload'
        ? uploadFile(draftId, answer.sha256, file)
        : undefined,
    );
    return { claimed, sent, recognised: false, key: () => (sha ? uploadKey(draftId, sha) : target.key) };
  }

  let settleClaim!: (answer: ClaimAnswer) => void;
  const claimed = new Promise<ClaimAnswer>((resolve) => (settleClaim = resolve));
  const refused = (message: string): ClaimAnswer => ({ kind: 'failed', message, status: null });

  // The hash, and what it came to: the SHA-256 the caller accepts, or why the file is refused.
  const hashEnded = new AbortController();
  type Hashed = { sha: string } | { refusal: string };
  let hashed: Hashed | undefined;
  const hashing = hashFile(file, onHashed, hashEnded.signal).then(
    (sha): Hashed => {
      const refusal = accept(sha);
      return (hashed = refusal === undefined ? { sha } : { refusal });
    },
    // Ended because the upload ended first (refused at its creation): nothing more to say.
    (error: unknown): Hashed => (hashed = { refusal: hashEnded.signal.aborted ? '' : (error as Error).message }),
  );

  // The upload's address once created; undefined when it never was, or went named from its start.
  let addressKnown!: (url: string | undefined) => void;
  const address = new Promise<string | undefined>((resolve) => (addressKnown = resolve));
  // What the upload comes to once its last byte is in, as the claim naming it decides.
  let namedEnd!: (end: UploadProgress) => void;
  const ended = new Promise<UploadProgress>((resolve) => (namedEnd = resolve));

  let waitedForAnotherTab = false;
  const waiting = (why: 'queued' | 'other tab') => {
    if (why === 'other tab') waitedForAnotherTab = true;
    setUploadProgress(target.key, { state: 'waiting', name: file.name, totalBytes: file.size, why });
  };
  const failed = (message: string): UploadProgress => ({
    state: 'failed',
    name: file.name,
    message,
    bytesSent: 0,
    totalBytes: file.size,
    resumable: false,
  });

  const sending = async () => {
    waiting('queued');
    const endTurn = await takeTurn();
    try {
      await locked(target.key, waiting, async () => {
        // Another tab sent this file meanwhile: the server likely holds it, which only the
        // SHA-256 can ask, so this tab waits for its hash rather than send the bytes again.
        if (waitedForAnotherTab) await hashing;
        if (refusedBeforeStart.delete(target.key) || (hashed !== undefined && 'refusal' in hashed)) return;
        if (hashed !== undefined && 'sha' in hashed) {
          // Hashed before its turn came: named from its start, as on its card.
          const { sha } = hashed;
          rekey(target, uploadKey(draftId, sha));
          const answer = await claimOnce(draftId, { sha256: sha, name: file.name, sizeBytes: file.size });
          settleClaim(answer);
          if (answer.kind !== 'ok') return setUploadProgress(target.key, failed(answer.message));
          if (answer.file.state !== 'awaiting upload') {
            return setUploadProgress(target.key, { state: 'uploaded', name: file.name, totalBytes: file.size });
          }
          // Its SHA-256's lock before this browser may recognise the file (holdLock).
          let sent!: () => void;
          await holdLock(target.key, new Promise<void>((resolve) => (sent = resolve)));
          rememberFile(draftId, file, sha);
          try {
            return await sendByTus(draftId, file, target, {
              sha,
              recognised: false,
              resume: () => void uploadFile(draftId, sha, file, true),
            });
          } finally {
            sent();
          }
        }
        await sendByTus(draftId, file, target, {
          recognised: false,
          onAddress: addressKnown,
          afterLastByte: () => ended,
          resume: () => {
            if (hashed !== undefined && 'sha' in hashed) void uploadFile(draftId, hashed.sha, file, true);
          },
        });
        const end = uploads.get(target.key);
        // Failed before a claim named it: refused at its creation (a size past the limit), whose
        // hash has nothing left to tell, or its connection lost for good before it was created.
        if (end?.state === 'failed') {
          if (!end.resumable) hashEnded.abort();
          settleClaim(refused(end.message));
        }
      });
    } finally {
      endTurn();
      addressKnown(undefined);
    }
    return uploads.get(target.key);
  };

  const naming = async () => {
    const outcome = await hashing;
    if ('refusal' in outcome) {
      if (outcome.refusal === '') return;
      refuseSending(target.key, draftId, file, outcome.refusal);
      forgetUploadAddress(fileKey(draftId, file));
      namedEnd(failed(outcome.refusal));
      return settleClaim(refused(outcome.refusal));
    }
    const url = await address;
    // Never created, or named from its start: the sending settled the claim itself.
    if (url === undefined) return;
    const { sha } = outcome;
    const uploadId = new URL(url, window.location.origin).pathname.split('/').at(-1)!;
    const answer = await claimOnce(draftId, { sha256: sha, name: file.name, sizeBytes: file.size, uploadId });
    settleClaim(answer);
    if (answer.kind !== 'ok') {
      // Refused by the server's check of every byte (422), or the claim itself: nothing is kept.
      stoppers.get(target.key)?.(true);
      forgetFile(draftId, file);
      forgetUploadAddress(fileKey(draftId, file));
      setUploadProgress(target.key, failed(answer.message));
      return namedEnd(failed(answer.message));
    }
    rekey(target, uploadKey(draftId, sha));
    if (answer.file.state === 'awaiting upload') {
      // Named: the server checks and keeps it at its last byte. A reload now finds it on its
      // card; another tab recognises it, and waits for this sending under its SHA-256's lock.
      await holdLock(target.key, sendingDone);
      rememberFile(draftId, file, sha);
      copyUploadAddress(fileKey(draftId, file), target.key);
      return namedEnd({ state: 'uploaded', name: file.name, totalBytes: file.size });
    }
    // Kept already: the last byte came first, or the portal holds these bytes (the upload was deleted).
    const uploaded: UploadProgress = { state: 'uploaded', name: file.name, totalBytes: file.size };
    stoppers.get(target.key)?.(false);
    forgetFile(draftId, file);
    forgetUploadAddress(fileKey(draftId, file), target.key);
    setUploadProgress(target.key, uploaded);
    namedEnd(uploaded);
  };

  const sendingDone = sending();
  const sent = Promise.all([sendingDone, naming()]).then(() => uploads.get(target.key));
  const entry: Sending = { claimed, sent, recognised: false, key: () => target.key };
  sendingWhileHashed.set(fileKey(draftId, file), entry);
  void sent.finally(() => sendingWhileHashed.delete(fileKey(draftId, file)));
  return entry;
}
