import { fileSha256 } from '@portal/contracts/node/file-sha256';
import { parentPort } from 'node:worker_threads';

/**
 * A hash thread of portal-publish (main.ts HashThreads; bundled on its own as
 * dist/hash-thread.mjs, so each thread loads only this): the SHA-256 of each file its parent
 * names, one at a time.
 */
parentPort?.on('message', (location: string) => {
  fileSha256(location).then(
    ({ sha256 }) => parentPort?.postMessage({ sha256 }),
    (error: unknown) => parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
