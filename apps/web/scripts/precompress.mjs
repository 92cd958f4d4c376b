// Writes brotli and gzip forms beside every compressible asset of the client build, so
// the server sends compressed bytes without compressing per request. Pages are left out:
// the server writes the maker's name into them at start-up and compresses them then.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const CLIENT_DIR = new URL('../build/client/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|css|svg|json|txt|ico|webmanifest)$/;
const MIN_BYTES = 512;

const files = await readdir(CLIENT_DIR, { recursive: true, withFileTypes: true });
for (const entry of files) {
  if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
  const file = path.join(entry.parentPath, entry.name);
  const body = await readFile(file);
  if (body.length < MIN_BYTES) continue;
  await writeFile(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(body, { level: 9 }));
}
