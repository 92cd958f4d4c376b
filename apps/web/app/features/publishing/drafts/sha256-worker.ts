/// <reference lib="webworker" />
import { fileUnreadableMessage, isUnreadableError, type HashMessage } from './file-hash';
import { sha256OfChunks } from './sha256-chunks';

// The hashing worker (file-hash.ts): one File in, its progress and SHA-256 out. Its script is
// served with a policy of its own that allows WebAssembly (decision 270).
const post = (message: HashMessage) => (self as DedicatedWorkerGlobalScope).postMessage(message);

self.onmessage = async ({ data: file }: MessageEvent<File>) => {
  try {
    post({ kind: 'done', sha256: await sha256OfChunks(file, (bytesRead) => post({ kind: 'progress', bytesRead })) });
  } catch (error) {
    post({
      kind: 'failed',
      message: isUnreadableError(error)
        ? fileUnreadableMessage(file.name)
        : `The SHA-256 could not be computed: ${String(error)}`,
    });
  }
};
