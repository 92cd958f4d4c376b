// Writes brotli and gzip forms beside every compressible asset of the client build, so
// the server sends compressed bytes without compressing per request. Pages are left out:
// the server writes the maker's name into them at start-up and compresses them then.
// The gzip form is Zopfli's (decision 252): a gzip stream any browser decodes as before,
// about 3% smaller than zlib's level 9, made once here. Zopfli took 20 of the build's 26 s on
// one core, so the files are shared among a worker thread per core, largest first.
import { gzipAsync } from '@gfx/zopfli';
import { availableParallelism } from 'node:os';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';
import { brotliCompressSync, constants } from 'node:zlib';

const CLIENT_DIR = new URL('../build/client/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|ico|webmanifest)$/;
/** Zopfli's passes: 15 (its default) took twice as long for about 100 bytes less over the whole build. */
const ZOPFLI_ITERATIONS = 5;

async function compress(file) {
  const body = await readFile(file);
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const gzip = await gzipAsync(body, { numiterations: ZOPFLI_ITERATIONS });
  // A form that saves nothing (a tiny file: gzip's header is 18 bytes) is not written: the file goes as it is.
  if (brotli.length < body.length) await writeFile(`${file}.br`, brotli);
  if (gzip.length < body.length) await writeFile(`${file}.gz`, gzip);
}

if (isMainThread) {
  const entries = await readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  const sizes = new Map(await Promise.all(files.map(async (file) => [file, (await stat(file)).size])));
  const queue = files.sort((a, b) => sizes.get(b) - sizes.get(a));
  const workers = Math.max(1, Math.min(availableParallelism(), queue.length));
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url));
          const next = () => {
            const file = queue.shift();
            if (file === undefined) void worker.terminate().then(() => resolve());
            else worker.postMessage(file);
          };
          worker.on('message', next);
          worker.on('error', reject);
          next();
        }),
    ),
  );
} else {
  parentPort.on('message', (file) => void compress(file).then(() => parentPort.postMessage('done')));
}
