import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** What each build is made from, and the file that proves it was made. */
const BUILDS = {
  web: { output: 'apps/web/build/client/index.html', sources: ['apps/web', 'packages/contracts'] },
  api: { output: 'apps/api/dist/server.js', sources: ['apps/api/src', 'apps/api/scripts', 'packages/contracts'] },
};
const SKIP = new Set(['node_modules', 'build', 'dist', '.react-router']);

/** True when the build output is missing or older than any of its sources. */
export function buildIsStale(name) {
  const { output, sources } = BUILDS[name];
  let builtAt;
  try {
    builtAt = statSync(path.join(root, output)).mtimeMs;
  } catch {
    return true;
  }
  return sources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(file) : statSync(file).mtimeMs);
  }
  return newest;
}
