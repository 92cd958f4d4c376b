import { fileSha256Sync } from '@portal/contracts/node/file-sha256';
import { parentPort } from 'node:worker_threads';

/**
 * A hash thread of portal-publish (main.ts HashThreads; bundled on its own as
 * dist/hash-thread.mjs, so each thread loads only this): the SHA-256 of each file its parent
 * names, one at a time, read with readSync (the thread has nothing else to do while it reads).
 */
parentPort?.on('message', (location: string) => {
  try {
    parentPort?.postMessage({ sha256: fileSha256Sync(location).sha256 });
  } catch (error) {
    parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
