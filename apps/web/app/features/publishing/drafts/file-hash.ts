/**
 * The SHA-256 of a chosen file, in a Web Worker with a WebAssembly hasher
 * (docs/decisions/270-draft-files-hashed-in-a-worker-with-webassembly.md): the page keeps
 * answering while 2 GiB are read, and the hash runs near the machine's speed.
 */

/** How much of the file the worker reads at once: large enough that a read's overhead is small, small enough to stay flat in memory. */
export const HASH_CHUNK_BYTES = 16 * 1024 * 1024;

/** What the hashing worker posts back. */
export type HashMessage =
  { kind: 'progress'; bytesRead: number } | { kind: 'done'; sha256: string } | { kind: 'failed'; message: string };

/** Why a file could not be read to its end (removed or changed on the disk while it was read). */
export const fileUnreadableMessage = (name: string) =>
  `${name} could not be read to its end: it was moved, removed or changed on the disk while it was read. Choose it again.`;

/** Whether a read failed because the file was removed or changed on the disk since it was chosen. */
export const isUnreadableError = (error: unknown) =>
  error instanceof DOMException && ['NotReadableError', 'NotFoundError'].includes(error.name);

/**
 * Whether `file` can still be read where `at` bytes were sent: a request whose body the browser
 * could not read fails as a dropped connection does, and only a read tells the two apart. Any
 * other failure of the read says nothing of the file: it is taken as readable, and the
 * request's own failure stands.
 */
export async function stillReadable(file: File, at: number): Promise<boolean> {
  const from = Math.min(at, Math.max(file.size - 1, 0));
  try {
    await file.slice(from, from + 1).arrayBuffer();
    return true;
  } catch (error) {
    return !isUnreadableError(error);
  }
}

/**
 * Hashes `file` in a worker of its own, ended when it answers; a file that cannot be read
 * rejects with a clear message. `signal` ends the worker early (the hash is no longer needed)
 * and rejects with its reason.
 */
export function hashFile(file: File, onProgress: (bytesRead: number) => void, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./sha256-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => {
      worker.terminate();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
    const end = () => {
      signal?.removeEventListener('abort', stop);
      worker.terminate();
    };
    worker.onmessage = ({ data }: MessageEvent<HashMessage>) => {
      if (data.kind === 'progress') return onProgress(data.bytesRead);
      end();
      if (data.kind === 'done') resolve(data.sha256);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(event.message || 'The SHA-256 could not be computed in this browser.'));
    };
    worker.postMessage(file);
  });
}
